import { cardLimits, type Card, type CardImportResult, type CardImportRow } from '@plugboard/contract';
import { parseCsv, toCsv, utf8Bom } from './csv';

/** The header of the import template and of every export, so that an exported file can be imported again. */
export const csvColumns = ['cardId', 'holder', 'group', 'email', 'subscribeReport'] as const;
export type CsvColumn = (typeof csvColumns)[number];

/** A row's problem, as the server reports it (`row` is 1-based among the data rows). */
export type ImportProblem = CardImportResult['errors'][number];

export type CardFileError = 'empty' | 'header' | 'tooMany';

export type CardFile =
  | {
      ok: true;
      rows: Required<CardImportRow>[];
      /** The file line each row starts on (blank lines and quoted line breaks make it differ from row + 1). */
      lines: number[];
      /** What the browser already knows is wrong (a subscription that is not yes or no). */
      problems: ImportProblem[];
      /** The subscription column as written, for the report ("maybe" is neither yes nor no). */
      reportTexts: string[];
    }
  | { ok: false; error: CardFileError };

const yes = new Set(['true', '1', 'yes', 'y', 'x']);
const no = new Set(['false', '0', 'no', 'n', '']);

/** Which field each column of the header holds; null when the header is not the template's. */
function readHeader(fields: readonly string[]): (CsvColumn | null)[] | null {
  const columns = fields.map((name) => csvColumns.find((c) => c.toLowerCase() === name.trim().toLowerCase()));
  const named = columns.filter((column) => column !== undefined);
  if (!named.includes('cardId') || new Set(named).size !== named.length) return null;
  // An unknown column is most likely a typo in a known one: refuse rather than silently drop its values.
  if (columns.some((column, index) => column === undefined && fields[index]?.trim() !== '')) return null;
  return columns.map((column) => column ?? null);
}

/** Reads an import file: its header row, then one card per line. */
export function readCardFile(text: string): CardFile {
  const [header, ...records] = parseCsv(text);
  if (!header) return { ok: false, error: 'empty' };
  const columns = readHeader(header.fields);
  if (!columns) return { ok: false, error: 'header' };
  if (records.length === 0) return { ok: false, error: 'empty' };
  if (records.length > cardLimits.importMaxRows) return { ok: false, error: 'tooMany' };

  const problems: ImportProblem[] = [];
  const reportTexts: string[] = [];
  const rows = records.map((record, index) => {
    const value = (column: CsvColumn) => {
      const at = columns.indexOf(column);
      return at < 0 ? '' : (record.fields[at] ?? '').trim();
    };
    reportTexts.push(value('subscribeReport'));
    const subscription = value('subscribeReport').toLowerCase();
    if (!yes.has(subscription) && !no.has(subscription)) {
      problems.push({ row: index + 1, field: 'subscribeReport', reason: 'format' });
    }
    return {
      cardId: value('cardId'),
      holder: value('holder'),
      group: value('group'),
      email: value('email'),
      subscribeReport: yes.has(subscription),
    };
  });
  return { ok: true, rows, lines: records.map((record) => record.line), problems, reportTexts };
}

/** The browser's and the server's problems in file order, each once. */
export function mergeProblems(...lists: readonly ImportProblem[][]): ImportProblem[] {
  const seen = new Map<string, ImportProblem>();
  for (const problem of lists.flat()) seen.set(`${problem.row}:${problem.field}`, problem);
  return [...seen.values()].sort(
    (a, b) => a.row - b.row || csvColumns.indexOf(a.field) - csvColumns.indexOf(b.field),
  );
}

/** The line of the file a problem's row starts on. */
export const fileLine = (lines: readonly number[], row: number): number => lines[row - 1] ?? row + 1;

/** An empty import file: the header only. */
export const templateCsv = (): string => utf8Bom + toCsv([csvColumns]);

export function cardsToCsv(cards: readonly Card[]): string {
  const rows = cards.map((card) => [
    card.cardId,
    card.holder,
    card.groupName,
    card.email,
    String(card.subscribeReport),
  ]);
  return utf8Bom + toCsv([csvColumns, ...rows]);
}
