import { authorizationStatuses, startBySources, type ExportFormat } from '@plugboard/contract';
import { minorDigits } from '../tariffs/tariff-units.ts';
import type { ExportLabels } from './export-labels.ts';
import { ByteLines, utf8Bytes } from './byte-lines.ts';
import { csvText, xlsxStyle, xmlText, type SharedStrings } from './export-formats.ts';
import { dayMs, excelEpochDay, excelFraction, excelFractionPlaces, type LocalClock } from './local-clock.ts';

// A session's line of the export, written as bytes from the columns' text as the database sends them
// (sessions-export.repository.ts): for a million rows this is what the export costs, so nothing is parsed that
// need not be, numbers are copied from their digits, and labels and shared-string cells are encoded once.

/**
 * An export row as sessions-export.repository.ts selects it: the session's own figures in one text, then the four
 * texts that anyone may have written (those the console or a charger sent). One text for eleven columns: each column
 * costs Node a decode and a string of its own, more than the split (bench/sessions). The charger's names come only
 * for a deleted charger (the names it had); the others' are read once (`ChargerNames`, by the `charger` figure).
 */
export type ExportRow = [
  figures: string,
  charger: string | null,
  productCode: string | null,
  cardId: string | null,
  cardGroup: string | null,
];

/** What the export shows of a charger that still exists. */
export type ChargerNames = { alias: string; productCode: string };

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
  /** The charger's id; nothing once it is deleted. */
  'charger',
] as const;

/** What an ongoing session shows instead of its stored figures (whole watt-hours, minor units). */
export type OngoingFigures = { energyWh: number; meterWh: number; costMinor: number | null };

export type LineTerms = {
  format: ExportFormat;
  /** The estimates of the ongoing sessions, by id (one that started since it was read shows no cost yet). */
  ongoing?: ReadonlyMap<number, OngoingFigures>;
  labels: ExportLabels;
  clock: LocalClock;
  /** The site's currency: what a row with no `special` is in. */
  currency: string;
  /** The names of the site's chargers by id, filled before the first batch (`ExportRow`). */
  chargers: ReadonlyMap<number, ChargerNames>;
  /** XLSX: the workbook's shared strings, for labels and for anyone's texts while the table has room. */
  shared: SharedStrings;
};

/** Bytes a line takes at most besides its texts (15 cells of XML, four labels of up to 40 characters). */
const lineBytes = 1024;

/**
 * The writer of export lines: a batch of rows to the bytes of their CSV lines (CRLF included) or sheet rows, UTF-8.
 * Ongoing sessions without figures show no cost and no energy past the start.
 */
export function batchWriter({
  format,
  ongoing: estimates,
  labels,
  clock,
  currency,
  chargers,
  shared,
}: LineTerms) {
  const csv = format === 'csv';
  /**
   * XLSX: a text as a cell of the shared strings (a reference is far shorter than the text inline, and the sheet's
   * bytes are what the export costs: building, encoding and deflating them), inline once the table is full.
   */
  const cells = new Map<string, Uint8Array>();
  const sharedCell = (t: string): Uint8Array => {
    let cell = cells.get(t);
    if (cell === undefined) {
      const ref = shared.ref(t);
      cell = utf8Bytes(
        ref === undefined
          ? `<c t="inlineStr"><is><t>${xmlText(t)}</t></is></c>`
          : `<c t="s"><v>${ref}</v></c>`,
      );
      // Inline cells are not kept: the table is full, and their texts may never come again.
      if (ref !== undefined) cells.set(t, cell);
    }
    return cell;
  };
  /** Our own words (labels, currency codes, OCPP's words): CSV as they are, XLSX as shared strings. */
  const label = (t: string) => (csv ? utf8Bytes(t) : sharedCell(t));
  const startBy = new Map<string, Uint8Array>(startBySources.map((key) => [key, label(labels.startBy[key])]));
  const unknownStartBy = label(labels.startBy.unknown);
  const authorization = new Map<string, Uint8Array>(authorizationStatuses.map((key) => [key, label(key)]));
  const accepted = label('Accepted');
  const complete = label(labels.status.complete);
  const ongoing = label(labels.status.ongoing);
  const siteCurrency = label(currency);
  const siteDigits = minorDigits(currency);

  // The fixed parts of a line, around and between its values.
  const [rowStart, rowEnd, empty, numberStart, numberEnd, timeStart] = (
    csv
      ? ['', '\r\n', '', '', '', '']
      : ['<row>', '</row>', '<c/>', '<c><v>', '</v></c>', `<c s="${xlsxStyle.dateTime}"><v>`]
  ).map(utf8Bytes) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array];
  const comma = csv ? 0x2c : -1;

  let out = new ByteLines(0);
  /** Between cells: CSV's comma (XLSX cells need nothing between them). */
  const next = () => {
    if (comma >= 0) out.byte(comma);
  };
  /** Anyone's text (names, card ids): CSV made safe, XLSX a shared string; null is an empty cell. */
  const text = (t: string | null) => {
    if (t === null) out.put(empty);
    else if (csv) out.text(csvText(t));
    else out.put(sharedCell(t));
  };
  /** The bytes of a text cell, to be kept for texts that come again. */
  const textCell = (t: string): Uint8Array => (csv ? utf8Bytes(csvText(t)) : sharedCell(t));
  /** A text that repeats in runs (the card group): the cell of the last one is at hand. */
  let lastText: string | null = null;
  let lastCell = empty;
  const repeatedText = (t: string | null) => {
    if (t !== lastText) {
      lastText = t;
      lastCell = t === null ? empty : textCell(t);
    }
    out.put(lastCell);
  };
  /** The cells of a charger's alias and product code, made on first use; a charger not there shows none. */
  const chargerCells = new Map<number, [Uint8Array, Uint8Array]>();
  const noCharger: [Uint8Array, Uint8Array] = [empty, empty];
  const chargerOf = (id: number) => {
    let pair = chargerCells.get(id);
    if (pair === undefined) {
      const names = chargers.get(id);
      pair = names ? [textCell(names.alias), textCell(names.productCode)] : noCharger;
      chargerCells.set(id, pair);
    }
    return pair;
  };
  /** A number cell of characters `from` to `to` of the figures. */
  const digits = (f: string, from: number, to: number) => {
    out.put(numberStart);
    out.ascii(f, from, to);
    out.put(numberEnd);
  };
  const decimal = (f: string, from: number, to: number, scale: number) => {
    out.put(numberStart);
    out.decimal(f, from, to, scale);
    out.put(numberEnd);
  };
  // The local day's text ('YYYY-MM-DD ' or Excel's day number) of the last time written: rows in time order
  // share few days.
  let lastDay = NaN;
  let dayBytes: Uint8Array = new Uint8Array(0);
  /** A time cell of epoch seconds: CSV 'YYYY-MM-DD HH:mm:ss' of the site's zone, XLSX Excel's serial of it. */
  const time = (seconds: number) => {
    const local = clock.localMs(seconds * 1000);
    const day = Math.floor(local / dayMs);
    const second = Math.floor((local - day * dayMs) / 1000);
    if (day !== lastDay) {
      lastDay = day;
      dayBytes = utf8Bytes(csv ? clock.dayText(day) : String(day + excelEpochDay));
    }
    out.put(timeStart);
    out.put(dayBytes);
    if (csv) {
      const minute = Math.floor(second / 60);
      twoDigits(Math.floor(minute / 60));
      out.byte(0x3a);
      twoDigits(minute % 60);
      out.byte(0x3a);
      twoDigits(second % 60);
    } else {
      out.fraction(excelFraction(second), excelFractionPlaces);
      out.put(numberEnd);
    }
  };
  const twoDigits = (n: number) => {
    out.byte(0x30 + Math.floor(n / 10));
    out.byte(0x30 + (n % 10));
  };
  /** An integer from its digits (the database's text of an int8: epoch seconds, an id). */
  const integerOf = (f: string, from: number, to: number) => {
    let n = 0;
    let i = from;
    const negative = f.charCodeAt(i) === 0x2d;
    if (negative) i++;
    for (; i < to; i++) n = n * 10 + f.charCodeAt(i) - 0x30;
    return negative ? -n : n;
  };

  // Where each figure ends in the figures' text: cuts[k] is the `|` after figure k (the last: the text's length).
  const cuts = new Int32Array(figureColumns.length);
  const figure = (name: (typeof figureColumns)[number]) => figureColumns.indexOf(name);
  const [ID, CONNECTOR, START_BY, START, END] = [
    figure('id'),
    figure('connector'),
    figure('startBy'),
    figure('start'),
    figure('end'),
  ];
  const [ENERGY, COST, METER, AUTHORIZATION, SPECIAL, CHARGER] = [
    figure('energy'),
    figure('cost'),
    figure('meter'),
    figure('authorization'),
    figure('special'),
    figure('charger'),
  ];
  const LAST = figureColumns.length - 1;
  const from = (k: number) => (k === 0 ? 0 : cuts[k - 1]! + 1);
  const isEmpty = (k: number) => from(k) === cuts[k];

  const writeRow = (row: ExportRow) => {
    const f = row[0];
    for (let i = 0, k = 0; i < f.length; i++) if (f.charCodeAt(i) === 0x7c) cuts[k++] = i;
    cuts[LAST] = f.length;
    const special = isEmpty(SPECIAL) ? null : f.slice(from(SPECIAL), cuts[SPECIAL]);
    const isOngoing = special === 'ongoing';
    const otherCurrency = special !== null && !isOngoing ? special : null;

    const charger = isEmpty(CHARGER) ? null : chargerOf(integerOf(f, from(CHARGER), cuts[CHARGER]!));
    const texts =
      (row[1]?.length ?? 0) + (row[2]?.length ?? 0) + (row[3]?.length ?? 0) + (row[4]?.length ?? 0);
    out.room(lineBytes + 6 * texts + (charger ? charger[0].length + charger[1].length : 0));
    out.put(rowStart);
    digits(f, from(ID), cuts[ID]!);
    next();
    if (charger === null) {
      text(row[1]);
      next();
      text(row[2]);
    } else {
      out.put(charger[0]);
      next();
      out.put(charger[1]);
    }
    next();
    digits(f, from(CONNECTOR), cuts[CONNECTOR]!);
    next();
    out.put(startBy.get(f.slice(from(START_BY), cuts[START_BY])) ?? unknownStartBy);
    next();
    text(row[3]);
    next();
    repeatedText(row[4]);
    next();
    time(integerOf(f, from(START), cuts[START]!));
    next();
    if (isEmpty(END)) out.put(empty);
    else time(integerOf(f, from(END), cuts[END]!));
    next();
    if (isOngoing) {
      // Ongoing: the estimate made before the cursor opened, in the site's currency.
      const figures = estimates?.get(integerOf(f, from(ID), cuts[ID]!));
      const energy = String(figures ? figures.energyWh : 0);
      decimal(energy, 0, energy.length, 3);
      next();
      if (figures === undefined || figures.costMinor === null) out.put(empty);
      else {
        const cost = String(figures.costMinor);
        decimal(cost, 0, cost.length, siteDigits);
      }
      next();
      out.put(siteCurrency);
      next();
      out.put(ongoing);
      next();
      if (figures) {
        const meter = String(figures.meterWh);
        decimal(meter, 0, meter.length, 3);
      } else if (isEmpty(METER)) decimal('0', 0, 1, 3);
      else decimal(f, from(METER), cuts[METER]!, 3);
    } else {
      if (isEmpty(ENERGY)) decimal('0', 0, 1, 3);
      else decimal(f, from(ENERGY), cuts[ENERGY]!, 3);
      next();
      if (isEmpty(COST)) out.put(empty);
      else
        decimal(f, from(COST), cuts[COST]!, otherCurrency === null ? siteDigits : minorDigits(otherCurrency));
      next();
      out.put(otherCurrency === null ? siteCurrency : label(otherCurrency));
      next();
      out.put(complete);
      next();
      if (isEmpty(METER)) decimal('0', 0, 1, 3);
      else decimal(f, from(METER), cuts[METER]!, 3);
    }
    next();
    out.put(
      isEmpty(AUTHORIZATION)
        ? accepted
        : (authorization.get(f.slice(from(AUTHORIZATION), cuts[AUTHORIZATION])) ?? accepted),
    );
    out.put(rowEnd);
  };

  // Nothing after the loop: V8 compiles a long loop while it runs, and code after it, never run by then, would
  // send each batch back to the interpreter.
  const writeRows = (rows: readonly ExportRow[]) => {
    for (const row of rows) writeRow(row);
  };
  // Each batch's buffer is sized from the bytes a row took so far, so that it seldom grows.
  let bytesPerRow = csv ? 160 : 400;
  return (rows: readonly ExportRow[]): Buffer => {
    out = new ByteLines(Math.ceil(rows.length * bytesPerRow * 1.1));
    writeRows(rows);
    bytesPerRow = Math.max(bytesPerRow / 2, out.length / Math.max(1, rows.length));
    return out.take();
  };
}
