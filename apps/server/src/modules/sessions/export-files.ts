import { Readable } from 'node:stream';
import {
  sheetEnd,
  sheetPath,
  sheetStart,
  workbookParts,
  type CellKind,
  type SharedStrings,
} from './export-formats.ts';
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
export function csvFile(heading: string, batches: AsyncIterable<Buffer | typeof nextSheet>): Readable {
  async function* chunks() {
    // The byte order mark makes spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${heading}`;
    // One table: no sheets to mark.
    for await (const batch of batches) if (batch !== nextSheet) yield batch;
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: bufferBytes });
}

/**
 * Rows a sheet holds below its heading: Excel's sheets end at row 1,048,576, and a sheet beyond it opens cut short
 * (with a warning) or not at all.
 */
export const sheetRows = 1_048_575;

/** Between two batches of rows: what follows goes on a new sheet. */
export const nextSheet = Symbol('next sheet');

/**
 * Batches of rows, cut where a sheet is full (`limit` rows) and marked there with `nextSheet`: the rows of a
 * million and more sessions, a sheet after another.
 */
export async function* sheetsOf<Row>(
  batches: AsyncIterable<Row[]>,
  limit = sheetRows,
): AsyncGenerator<Row[] | typeof nextSheet> {
  let onSheet = 0;
  for await (const batch of batches) {
    let from = 0;
    while (from < batch.length) {
      if (onSheet === limit) {
        yield nextSheet;
        onSheet = 0;
      }
      const to = Math.min(batch.length, from + limit - onSheet);
      yield from === 0 && to === batch.length ? batch : batch.slice(from, to);
      onSheet += to - from;
      from = to;
    }
  }
}

/**
 * XLSX: the rows on sheets of `sheetRows` each (named "Sessions", "Sessions 2"...), each with the frozen heading
 * row; labels as shared strings; in a ZIP written as it is read. The workbook's parts come after the sheets, once
 * their number is known.
 */
export function xlsxFile(
  heading: string,
  batches: AsyncIterable<Buffer | typeof nextSheet>,
  shared: SharedStrings,
  sheetName: string,
): Readable {
  async function* entries() {
    const rows = batches[Symbol.asyncIterator]();
    let sheets = 0;
    let ended = false;
    // One sheet's rows, up to the next sheet's mark or the end.
    async function* sheet() {
      yield sheetStart(columnKinds.length) + heading;
      for (;;) {
        const next = await rows.next();
        if (next.done) ended = true;
        if (next.done || next.value === nextSheet) break;
        yield next.value;
      }
      yield sheetEnd;
    }
    try {
      while (!ended) {
        sheets++;
        // Level 1 for the sheet: repetitive XML that the fastest level already shrinks about tenfold; higher
        // levels cost several times the CPU for a few percent (bench/sessions).
        yield { name: sheetPath(sheets), data: sheet(), level: 1 };
      }
    } finally {
      // A download given up: the rows' source (a database cursor) is ended too.
      if (!ended) await rows.return?.();
    }
    // The shared strings are known once the sheets are done.
    yield { name: 'xl/sharedStrings.xml', data: shared.xml() };
    const names = Array.from({ length: sheets }, (_, i) => (i === 0 ? sheetName : `${sheetName} ${i + 1}`));
    for (const [name, data] of Object.entries(workbookParts(names))) yield { name, data };
  }
  return Readable.from(zipStream(entries()), { objectMode: false, highWaterMark: bufferBytes });
}
