import { authorizationStatuses, startBySources, type ExportFormat } from '@plugboard/contract';
import { minorDigits } from '../tariffs/tariff-units.ts';
import type { ExportLabels } from './export-labels.ts';
import { csvText, xlsxStyle, xmlText, type SharedStrings } from './export-formats.ts';
import type { LocalClock } from './local-clock.ts';

// A session's line of the export, written from the columns' text as the database sends them
// (sessions-export.repository.ts): for a million rows this is what the export costs, so nothing is parsed that
// need not be, numbers are cut from their digits, and labels are written once.

/**
 * An export row as sessions-export.repository.ts selects it: the session's own figures in one text, then the four
 * texts that anyone may have written (those the console or a charger sent). One text for ten columns: each column
 * costs Node a decode and a string of its own, more than the split (bench/sessions).
 */
export type ExportRow = [
  figures: string,
  charger: string | null,
  productCode: string | null,
  cardId: string | null,
  cardGroup: string | null,
];

/**
 * The figures' text: `|` between, nothing for null. None of them can hold a `|`: numbers, our own start-by
 * sources and OCPP's words, currency codes.
 */
export const figureColumns = [
  'id',
  'connector',
  'startBy',
  /** Epoch seconds. */
  'start',
  'end',
  /** Whole watt-hours. */
  'energy',
  /** Minor units of the session's currency. */
  'cost',
  /** Whole watt-hours: the stop register, or the start one. */
  'meter',
  /** Nothing: Accepted. */
  'authorization',
  /** Nothing: complete, in the site's currency (nearly every row); 'ongoing'; or the other currency's code. */
  'special',
] as const;

/** What an ongoing session shows instead of its stored figures (whole watt-hours, minor units). */
export type OngoingFigures = { energyWh: number; meterWh: number; costMinor: number | null };

/**
 * An integer's digits as a decimal with `scale` places, trailing zeros and point dropped: ('123450', 3) is
 * '123.45', ('5', 3) is '0.005', ('7', 0) is '7'. The same text as `String(n / 10 ** scale)` for any safe integer.
 */
export function decimalText(digits: string, scale: number): string {
  if (scale === 0) return digits;
  const negative = digits.charCodeAt(0) === 0x2d;
  const abs = negative ? digits.slice(1) : digits;
  let end = abs.length;
  const point = end - scale;
  while (end > point && end > 0 && abs.charCodeAt(end - 1) === 0x30) end--;
  let text: string;
  if (point > 0) text = end > point ? `${abs.slice(0, point)}.${abs.slice(point, end)}` : abs.slice(0, point);
  else text = end > 0 ? `0.${'0'.repeat(-point)}${abs.slice(0, end)}` : '0';
  return negative && text !== '0' ? `-${text}` : text;
}

export type LineTerms = {
  format: ExportFormat;
  /** The estimates of the ongoing sessions, by id (one that started since it was read shows no cost yet). */
  ongoing?: ReadonlyMap<number, OngoingFigures>;
  labels: ExportLabels;
  clock: LocalClock;
  /** The site's currency: what a row with no `special` is in. */
  currency: string;
  /** XLSX: the workbook's shared strings, for labels and for anyone's texts while the table has room. */
  shared: SharedStrings;
};

/**
 * The writer of export lines: a row's text columns (and, for an ongoing session, its figures) to one CSV line
 * (CRLF included) or one sheet row. Ongoing sessions without figures show no cost and no energy past the start.
 */
export function lineWriter({ format, ongoing: estimates, labels, clock, currency, shared }: LineTerms) {
  const csv = format === 'csv';
  /**
   * XLSX: a text as a cell of the shared strings (a reference is far shorter than the text inline, and the sheet's
   * bytes are what the export costs: building, encoding and deflating them), inline once the table is full.
   */
  const cells = new Map<string, string>();
  const sharedCell = (t: string) => {
    let cell = cells.get(t);
    if (cell === undefined) {
      const ref = shared.ref(t);
      cell =
        ref === undefined
          ? `<c t="inlineStr"><is><t>${xmlText(t)}</t></is></c>`
          : `<c t="s"><v>${ref}</v></c>`;
      // Inline cells are not kept: the table is full, and their texts may never come again.
      if (ref !== undefined) cells.set(t, cell);
    }
    return cell;
  };
  /** A text cell of anyone's text (names, card ids), null as an empty cell. */
  const empty = csv ? '' : '<c/>';
  const textCell = csv
    ? (t: string | null) => (t === null ? '' : csvText(t))
    : (t: string | null) => (t === null ? empty : sharedCell(t));
  /** Our own words (labels, currency codes, OCPP's words): CSV as they are, XLSX as shared strings. */
  const label = csv ? (t: string) => t : sharedCell;
  const number = csv ? (n: string) => n : (n: string) => `<c><v>${n}</v></c>`;
  const time = csv
    ? (seconds: string) => clock.format(Number(seconds) * 1000)
    : (seconds: string) =>
        `<c s="${xlsxStyle.dateTime}"><v>${clock.excelSerial(Number(seconds) * 1000)}</v></c>`;
  const kwh = (wh: string) => number(decimalText(wh, 3));

  const startBy = new Map<string, string>(startBySources.map((key) => [key, label(labels.startBy[key])]));
  const unknownStartBy = label(labels.startBy.unknown);
  const authorization = new Map<string, string>(authorizationStatuses.map((key) => [key, label(key)]));
  const accepted = label('Accepted');
  const complete = label(labels.status.complete);
  const ongoing = label(labels.status.ongoing);
  const siteCurrency = label(currency);
  const siteDigits = minorDigits(currency);

  const [open, sep, close] = csv ? ['', ',', '\r\n'] : ['<row>', '', '</row>'];
  return (row: ExportRow): string => {
    // In figureColumns' order; by index, not destructuring (which would go through an iterator per row).
    const f = row[0].split('|');
    const id = f[0] ?? '';
    const end = f[4];
    const energyWh = f[5];
    const meterWh = f[7];
    const status = f[8];
    const special = f[9];
    const isOngoing = special === 'ongoing';
    const otherCurrency = special && !isOngoing ? special : null;
    let energy: string;
    let meter: string;
    let cost: string | null;
    if (isOngoing) {
      const figures = estimates?.get(Number(id));
      energy = String(figures ? figures.energyWh : 0);
      meter = figures ? String(figures.meterWh) : meterWh || '0';
      cost = figures === undefined || figures.costMinor === null ? null : String(figures.costMinor);
    } else {
      energy = energyWh || '0';
      meter = meterWh || '0';
      cost = f[6] || null;
    }
    const digits = otherCurrency === null ? siteDigits : minorDigits(otherCurrency);
    // One join of the cells: `a + b + …` would leave V8 a tree of pieces per line, which writing the batch then
    // has to walk and flatten (bench/sessions: about a quarter less time for the line).
    const cells = [
      number(id),
      textCell(row[1]),
      textCell(row[2]),
      number(f[1] ?? ''),
      startBy.get(f[2] ?? '') ?? unknownStartBy,
      textCell(row[3]),
      textCell(row[4]),
      time(f[3] ?? ''),
      end ? time(end) : empty,
      kwh(energy),
      cost === null ? empty : number(decimalText(cost, digits)),
      otherCurrency === null ? siteCurrency : label(otherCurrency),
      isOngoing ? ongoing : complete,
      kwh(meter),
      status ? (authorization.get(status) ?? accepted) : accepted,
    ];
    return open + cells.join(sep) + close;
  };
}
