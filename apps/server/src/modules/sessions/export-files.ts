import { Readable } from 'node:stream';
import { sheetEnd, sheetStart, workbookParts, type CellKind, type SharedStrings } from './export-formats.ts';
import { zipStream } from './zip-writer.ts';

// The export's two files, written from batches of lines as they come (export-lines.ts writes them).

/** How each column of the file is written, in the order of the labels' columns (export-lines.ts does the same). */
export const columnKinds: CellKind[] = [
  'number', // session ID
  'text', // charger
  'text', // product code
  'number', // connector
  'label', // start by
  'text', // card ID
  'text', // card group
  'time', // start time
  'time', // end time
  'number', // energy
  'number', // cost
  'label', // currency
  'label', // status
  'number', // meter value
  'label', // authorization
];
export const headingKinds = columnKinds.map((): CellKind => 'text');
/** What the file may run ahead of the socket: about two batches, so that writing and reading overlap. */
const bufferBytes = 1 << 20;

/** Characters joined at a time: below V8's large-object size, so the joined text dies young (see utf8Lines). */
const joinChars = 32 * 1024;

/**
 * A batch's lines as UTF-8 bytes in one buffer. The lines are joined a few dozen at a time (one flat copy each,
 * which encodes in one call) and written into the buffer: one string for the whole batch (megabytes) would be
 * born in the old generation, and a million rows of those kept V8's old-generation collector busy on both cores
 * (bench/sessions).
 */
function utf8Lines(lines: readonly string[]): Buffer {
  let chars = 0;
  for (const line of lines) chars += line.length;
  let buffer = Buffer.allocUnsafe(chars + 16);
  let at = 0;
  for (let from = 0; from < lines.length;) {
    let to = from;
    let size = 0;
    while (to < lines.length && size < joinChars) size += lines[to++]!.length;
    const text = lines.slice(from, to).join('');
    // Text beyond Latin-1 takes up to 3 bytes a character: grow when it might not fit.
    if (buffer.length - at < text.length * 3) {
      const bigger = Buffer.allocUnsafe(Math.max(buffer.length * 2, at + text.length * 3));
      buffer.copy(bigger, 0, 0, at);
      buffer = bigger;
    }
    at += buffer.write(text, at);
    from = to;
  }
  return buffer.subarray(0, at);
}

/** CSV: UTF-8 with a byte order mark, RFC 4180 quoting, CRLF. */
export function csvFile(heading: string, batches: AsyncIterable<string[]>): Readable {
  async function* chunks() {
    // The byte order mark makes spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${heading}`;
    for await (const lines of batches) yield utf8Lines(lines);
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: bufferBytes });
}

/** XLSX: one sheet, frozen heading row, labels as shared strings, in a ZIP written as it is read. */
export function xlsxFile(heading: string, batches: AsyncIterable<string[]>, shared: SharedStrings): Readable {
  async function* sheet() {
    yield sheetStart(columnKinds.length) + heading;
    for await (const lines of batches) yield utf8Lines(lines);
    yield sheetEnd;
  }
  function* strings() {
    yield shared.xml();
  }
  const parts = Object.entries(workbookParts('Sessions')).map(([name, data]) => ({ name, data }));
  // Level 1 for the sheet: repetitive XML that the fastest level already shrinks about tenfold; higher levels cost
  // several times the CPU for a few percent (bench/sessions). The shared strings are known once the sheet is done.
  const entries = [
    ...parts,
    { name: 'xl/worksheets/sheet1.xml', data: sheet(), level: 1 },
    { name: 'xl/sharedStrings.xml', data: strings() },
  ];
  return Readable.from(zipStream(entries), { objectMode: false, highWaterMark: bufferBytes });
}
