import type { LocalClock } from './local-clock.ts';

/** One cell of the export: text, a number (an instant: epoch milliseconds, see `CellKind`) or nothing. */
export type Cell = string | number | null;
/**
 * How a column's cells are written: a 'time' as wall-clock time of the site's zone; a 'label' is text of our own
 * (translations, currency codes, OCPP words) that never needs CSV quoting, other 'text' is anyone's.
 */
export type CellKind = 'text' | 'label' | 'number' | 'time';

// A spreadsheet runs a text cell that starts like a formula (CSV injection): such text is written with a quote.
// A scan of the characters finds what needs care (most cells need none; it is faster than a regular expression
// on short strings, bench/sessions); the rest is done only then.
function needsCsvWork(text: string): boolean {
  const first = text.charCodeAt(0);
  // = + - @ tab CR first: a formula to a spreadsheet.
  if (
    first === 0x3d ||
    first === 0x2b ||
    first === 0x2d ||
    first === 0x40 ||
    first === 0x09 ||
    first === 0x0d
  ) {
    return true;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x2c || c === 0x0d || c === 0x0a) return true; // " , CR LF
  }
  return false;
}
export function csvText(text: string): string {
  if (!needsCsvWork(text)) return text;
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV line (RFC 4180): fields with a comma, quote or line break are quoted. */
export function csvLine(cells: readonly Cell[], kinds: readonly CellKind[], clock: LocalClock): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (i > 0) line += ',';
    if (cell === null || cell === undefined) continue;
    if (typeof cell === 'number') line += kinds[i] === 'time' ? clock.format(cell) : String(cell);
    else line += kinds[i] === 'label' ? cell : csvText(cell);
  }
  return `${line}\r\n`;
}

// Characters XML 1.0 does not allow, even escaped.
// eslint-disable-next-line no-control-regex
const invalidXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
function needsXmlWork(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x26 || c === 0x3c || c === 0x3e || c >= 0xfffe) return true;
  }
  return false;
}
/** Text as XML character data; most cells need nothing, and one scan is cheaper than four replaces. */
export const xmlText = (text: string) =>
  needsXmlWork(text)
    ? text.replace(invalidXml, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
    : text;

/** Cell styles of xlsx/styles.xml: 1 is a date-time, 2 a bold heading. */
export const xlsxStyle = { dateTime: 1, heading: 2 } as const;

/**
 * A row of the sheet (its heading row: sessions' rows are written by export-lines.ts). Cells carry no reference
 * (`r`), so every column gets a cell, empty ones too; labels are shared strings when `shared` is given, other text
 * is inline.
 */
export function xlsxRow(
  cells: readonly Cell[],
  kinds: readonly CellKind[],
  clock: LocalClock,
  { style, shared }: { style?: number; shared?: SharedStrings } = {},
) {
  let xml = '<row>';
  const s = style === undefined ? '' : ` s="${style}"`;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    const ref = kinds[i] === 'label' && typeof cell === 'string' ? shared?.ref(cell) : undefined;
    if (cell === null || cell === undefined) xml += '<c/>';
    else if (ref !== undefined) xml += `<c t="s"${s}><v>${ref}</v></c>`;
    else if (typeof cell === 'string') xml += `<c t="inlineStr"${s}><is><t>${xmlText(cell)}</t></is></c>`;
    else if (kinds[i] === 'time') xml += `<c s="${xlsxStyle.dateTime}"><v>${clock.excelSerial(cell)}</v></c>`;
    else xml += `<c${s}><v>${cell}</v></c>`;
  }
  return `${xml}</row>`;
}

/**
 * The workbook's shared strings: labels, charger names, card ids and groups repeat across rows, and a reference
 * is far shorter than the text inline. Bounded, so memory stays flat: past `max` strings (a few MB of short
 * texts), new ones are written inline.
 */
export function sharedStrings(max = 50_000) {
  const index = new Map<string, number>();
  return {
    ref: (text: string): number | undefined => {
      let at = index.get(text);
      if (at === undefined && index.size < max) {
        at = index.size;
        index.set(text, at);
      }
      return at;
    },
    /** xl/sharedStrings.xml, once the sheet is written. */
    xml: () =>
      `${head}<sst xmlns="${main}" uniqueCount="${index.size}">` +
      [...index.keys()].map((text) => `<si><t>${xmlText(text)}</t></si>`).join('') +
      '</sst>',
  };
}
export type SharedStrings = ReturnType<typeof sharedStrings>;

const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rels = 'http://schemas.openxmlformats.org/package/2006/relationships';
const officeRels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The sheet's XML around its rows. */
export const sheetStart = (columns: number) =>
  `${head}<worksheet xmlns="${main}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" ` +
  `activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols><col min="1" max="${columns}" ` +
  `width="20" customWidth="1"/></cols><sheetData>`;
export const sheetEnd = '</sheetData></worksheet>';

/** Where the workbook keeps its n-th sheet (from 1). */
export const sheetPath = (n: number) => `xl/worksheets/sheet${n}.xml`;

/** The other parts of a workbook of these sheets (in order: sheetPath 1, 2...), by path in the zip. */
export const workbookParts = (sheetNames: readonly string[]): Record<string, string> => ({
  '[Content_Types].xml':
    `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    sheetNames
      .map(
        (_, i) =>
          `<Override PartName="/${sheetPath(i + 1)}" ` +
          'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      )
      .join('') +
    '<Override PartName="/xl/sharedStrings.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
    '<Override PartName="/xl/styles.xml" ' +
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    `${head}<Relationships xmlns="${rels}"><Relationship Id="rId1" Type="${officeRels}/officeDocument" ` +
    'Target="xl/workbook.xml"/></Relationships>',
  // Relationship ids: rId1 the styles, rId2 the shared strings, rId3 on the sheets.
  'xl/workbook.xml':
    `${head}<workbook xmlns="${main}" xmlns:r="${officeRels}"><sheets>` +
    sheetNames
      .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 3}"/>`)
      .join('') +
    '</sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    `${head}<Relationships xmlns="${rels}">` +
    `<Relationship Id="rId1" Type="${officeRels}/styles" Target="styles.xml"/>` +
    `<Relationship Id="rId2" Type="${officeRels}/sharedStrings" Target="sharedStrings.xml"/>` +
    sheetNames
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 3}" Type="${officeRels}/worksheet" ` +
          `Target="${sheetPath(i + 1).slice('xl/'.length)}"/>`,
      )
      .join('') +
    '</Relationships>',
  'xl/styles.xml':
    `${head}<styleSheet xmlns="${main}">` +
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>' +
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
    '<fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
});
