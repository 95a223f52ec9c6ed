import { authorizationStatuses, startBySources, type ExportFormat } from '@plugboard/contract';
import { minorDigits } from '../tariffs/tariff-units.ts';
import type { ExportLabels } from './export-labels.ts';
import { csvText, xlsxStyle, xmlText, type SharedStrings } from './export-formats.ts';
import type { LocalClock } from './local-clock.ts';

// A session's line of the export, written from the columns' text as the database sends them
// (sessions-export.repository.ts): for a million rows this is what the export costs, so nothing is parsed that
// need not be, numbers are cut from their digits, and labels are written once.

/**
 * An export row: its columns' text in the order sessions-export.repository.ts selects them. Times are epoch
 * seconds; energy and the register (the stop one, or the start one) whole watt-hours; the cost minor units of
 * the session's currency. `special` is null for a complete session in the site's currency (nearly every row),
 * 'ongoing', or the other currency's code.
 */
export type ExportRow = [
  id: string,
  charger: string | null,
  productCode: string | null,
  connector: string,
  startBy: string,
  cardId: string | null,
  cardGroup: string | null,
  startS: string,
  endS: string | null,
  energyWh: string | null,
  costMinor: string | null,
  meterWh: string | null,
  /** null: Accepted. */
  authorization: string | null,
  special: string | null,
];

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
export function lineWriter({ format, labels, clock, currency, shared }: LineTerms) {
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
  return (row: ExportRow, figures?: OngoingFigures): string => {
    // Indexes, not destructuring: this runs a million times.
    const special = row[13];
    const end = row[8];
    const isOngoing = special === 'ongoing';
    const otherCurrency = special !== null && !isOngoing ? special : null;
    let energy: string;
    let meter: string;
    let cost: string | null;
    if (isOngoing) {
      energy = String(figures ? figures.energyWh : 0);
      meter = figures ? String(figures.meterWh) : (row[11] ?? '0');
      cost = figures === undefined || figures.costMinor === null ? null : String(figures.costMinor);
    } else {
      energy = row[9] ?? '0';
      meter = row[11] ?? '0';
      cost = row[10];
    }
    const digits = otherCurrency === null ? siteDigits : minorDigits(otherCurrency);
    // One join of the cells: `a + b + …` would leave V8 a tree of pieces per line, which writing the batch then
    // has to walk and flatten (bench/sessions: about a quarter less time for the line).
    const cells = [
      number(row[0]),
      textCell(row[1]),
      textCell(row[2]),
      number(row[3]),
      startBy.get(row[4]) ?? unknownStartBy,
      textCell(row[5]),
      textCell(row[6]),
      time(row[7]),
      end === null ? empty : time(end),
      kwh(energy),
      cost === null ? empty : number(decimalText(cost, digits)),
      otherCurrency === null ? siteCurrency : label(otherCurrency),
      isOngoing ? ongoing : complete,
      kwh(meter),
      row[12] === null ? accepted : (authorization.get(row[12]) ?? accepted),
    ];
    return open + cells.join(sep) + close;
  };
}
