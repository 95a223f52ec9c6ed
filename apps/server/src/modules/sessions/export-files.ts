import { Readable } from 'node:stream';
import { sheetEnd, sheetStart, workbookParts, type CellKind, type SharedStrings } from './export-formats.ts';
import { zipStream } from './zip-writer.ts';

// The export's two files, written from batches of lines as they come (export-lines.ts writes their bytes).

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

/** CSV: UTF-8 with a byte order mark, RFC 4180 quoting, CRLF. */
export function csvFile(heading: string, batches: AsyncIterable<Buffer>): Readable {
  async function* chunks() {
    // The byte order mark makes spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${heading}`;
    yield* batches;
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: bufferBytes });
}

/** XLSX: one sheet, frozen heading row, labels as shared strings, in a ZIP written as it is read. */
export function xlsxFile(heading: string, batches: AsyncIterable<Buffer>, shared: SharedStrings): Readable {
  async function* sheet() {
    yield sheetStart(columnKinds.length) + heading;
    yield* batches;
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
