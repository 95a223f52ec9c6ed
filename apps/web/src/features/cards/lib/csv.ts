// CSV as spreadsheets write it (RFC 4180 plus what Excel does in practice): a BOM at the start, CRLF or LF line
// ends, "quoted" fields with "" for a quote and line breaks inside, and ";" instead of "," where the decimal
// separator is a comma (most of Europe).

/** One record of a file and the line it starts on (1-based), so that a report can point into the file. */
export type CsvRecord = { line: number; fields: string[] };

export type CsvSeparator = ',' | ';';

/** The separator the first line uses most, outside quotes; "," when it has neither. */
export function detectSeparator(text: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

const isBlank = (fields: readonly string[]) => fields.every((field) => field.trim() === '');

/** Records of `text`; blank lines (and rows of empty fields, as spreadsheets leave them) are skipped. */
export function parseCsv(text: string, separator: CsvSeparator = detectSeparator(text)): CsvRecord[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;

  const endField = () => {
    fields.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (!isBlank(fields)) records.push({ line: recordLine, fields });
    fields = [];
    recordLine = line;
  };

  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else if (char === '\r' && input[i + 1] === '\n')
        continue; // CRLF inside a field becomes one line break
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === separator) endField();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      line++;
      endRecord();
    } else field += char;
  }
  // A file without a final line break still has its last record; an unclosed quote keeps what it held.
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

function quote(value: string, separator: CsvSeparator): string {
  const needsQuotes = value.includes(separator) || /["\r\n]/.test(value) || value !== value.trim();
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

/** CSV text of `rows` with CRLF line ends (what Excel writes and reads), quoting only where needed. */
export function toCsv(rows: readonly (readonly string[])[], separator: CsvSeparator = ','): string {
  return rows.map((row) => row.map((value) => quote(value, separator)).join(separator)).join('\r\n') + '\r\n';
}

/** Excel reads a CSV file as UTF-8 (accents, CJK names) only when it starts with this mark. */
export const utf8Bom = '\uFEFF';
