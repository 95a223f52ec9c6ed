import { describe, expect, it } from 'vitest';
import { labelsFor } from './export-labels.ts';
import { sharedStrings } from './export-formats.ts';
import { ByteLines } from './byte-lines.ts';
import {
  batchWriter,
  figureColumns,
  type ChargerNames,
  type ExportRow,
  type OngoingFigures,
} from './export-lines.ts';
import { excelFraction, excelFractionPlaces, localClock } from './local-clock.ts';

type Figures = Record<(typeof figureColumns)[number], string | null>;
/** A complete session in the site's currency, as the database sends it, with some of it changed. */
const aRow = (
  change: Partial<Figures> = {},
  texts: Partial<{ charger: string; cardId: string; cardGroup: string | null }> = {},
): ExportRow => {
  const figures: Figures = {
    id: '42',
    connector: '2',
    startBy: 'rfid',
    start: String(Date.parse('2026-01-10T08:00:00Z') / 1000),
    end: String(Date.parse('2026-01-10T09:30:15Z') / 1000),
    energy: '12345',
    cost: '1234',
    meter: '112345',
    authorization: null,
    special: null,
    // A charger of the site (its names in `chargers`), unless `texts.charger` names a deleted one.
    charger: texts.charger === undefined ? '7' : null,
    ...change,
  };
  const text = figureColumns.map((column) => figures[column] ?? '').join('|');
  const deleted = texts.charger !== undefined;
  return [
    text,
    deleted ? texts.charger! : null,
    deleted ? 'E07A1' : null,
    texts.cardId ?? 'CARD1',
    texts.cardGroup === undefined ? 'Staff' : texts.cardGroup,
  ];
};
/** The site's chargers: 7 is Bay 1; others have names beyond ASCII. */
const chargers = new Map<number, ChargerNames>([
  [7, { alias: 'Bay 1', productCode: 'E07A1' }],
  ...Array.from({ length: 20 }, (_, i): [number, ChargerNames] => [
    100 + i,
    { alias: `Säule, ${i}`, productCode: `P${i}` },
  ]),
]);
const writer = (
  format: 'csv' | 'xlsx',
  currency = 'EUR',
  shared = sharedStrings(),
  ongoing = new Map<number, OngoingFigures>(),
) => {
  const write = batchWriter({
    format,
    ongoing,
    labels: labelsFor('en_US'),
    clock: localClock('Europe/Amsterdam'),
    currency,
    chargers,
    shared,
  });
  return (row: ExportRow) => write([row]).toString('utf8');
};

describe('the bytes of export lines', () => {
  /** What `write` wrote, as text. */
  const written = (write: (out: ByteLines) => void) => {
    const out = new ByteLines(16);
    out.room(256);
    write(out);
    return out.take().toString('utf8');
  };
  const decimal = (digits: string, scale: number) =>
    written((out) => out.decimal(`|${digits}|`, 1, digits.length + 1, scale));

  it('writes an integer scaled down as String(n / 10 ** scale) does', () => {
    expect(decimal('123450', 3)).toBe('123.45');
    expect(decimal('5', 3)).toBe('0.005');
    expect(decimal('1000', 3)).toBe('1');
    expect(decimal('0', 2)).toBe('0');
    expect(decimal('-5', 2)).toBe('-0.05');
    expect(decimal('7', 0)).toBe('7');
    for (let i = 0; i < 20_000; i++) {
      const n = Math.round((Math.random() - 0.2) * 10 ** (1 + (i % 12)));
      for (const scale of [0, 2, 3]) expect(decimal(String(n), scale)).toBe(String(n / 10 ** scale));
    }
  });

  it('writes ASCII and any text as UTF-8, and grows when asked for room', () => {
    expect(written((out) => out.ascii('a|123|b', 2, 5))).toBe('123');
    expect(written((out) => out.text('Zürich 充电站 🔌 & co'))).toBe('Zürich 充电站 🔌 & co');
    const out = new ByteLines(1);
    for (let i = 0; i < 1000; i++) {
      out.room(3);
      out.text('é,');
    }
    expect(out.take().toString('utf8')).toBe('é,'.repeat(1000));
  });

  it("writes Excel's fraction of every second of a day within half a microsecond, as the clock's text does", () => {
    const clock = localClock('UTC');
    const wrong: number[] = [];
    for (let second = 0; second < 86_400; second++) {
      const text = written((out) => out.fraction(excelFraction(second), excelFractionPlaces));
      const near = Math.abs(Number(`0${text}`) - second / 86_400) <= 0.5e-11;
      if (!near || `25569${text}` !== clock.excelSerial(second * 1000)) wrong.push(second);
    }
    expect(wrong).toEqual([]);
    expect(written((out) => out.fraction(1250, 5))).toBe('.0125');
  });
});

describe('the export line writer', () => {
  it('writes a CSV line: labels, local times, kWh and money from their digits, formulas and commas made safe', () => {
    const line = writer('csv')(aRow({ authorization: 'Blocked' }, { charger: 'Bay, "1"', cardId: '=cmd' }));
    expect(line).toBe(
      '42,"Bay, ""1""",E07A1,2,RFID,\'=cmd,Staff,2026-01-10 09:00:00,2026-01-10 10:30:15,12.345,12.34,EUR,' +
        'Complete,112.345,Blocked\r\n',
    );
  });

  it('shows an ongoing session with its estimate, or without a cost when it has none yet', () => {
    const write = writer(
      'csv',
      'EUR',
      sharedStrings(),
      new Map([[42, { energyWh: 2500, meterWh: 102500, costMinor: 99 }]]),
    );
    const ongoing = { end: null, energy: null, cost: null, meter: '100000', special: 'ongoing' };
    expect(write(aRow(ongoing))).toBe(
      '42,Bay 1,E07A1,2,RFID,CARD1,Staff,2026-01-10 09:00:00,,2.5,0.99,EUR,Ongoing,102.5,Accepted\r\n',
    );
    // Started after the estimates were made.
    expect(write(aRow({ ...ongoing, id: '43' }))).toBe(
      '43,Bay 1,E07A1,2,RFID,CARD1,Staff,2026-01-10 09:00:00,,0,,EUR,Ongoing,100,Accepted\r\n',
    );
  });

  it("writes another currency's cost in its own minor units, and an unknown start-by as unknown", () => {
    const line = writer('csv')(
      aRow({ startBy: 'somethingNew', cost: '1234', special: 'JPY' }, { cardGroup: null }),
    );
    expect(line).toContain(',Unknown,CARD1,,');
    expect(line).toContain(',1234,JPY,Complete,');
  });

  it('writes a sheet row with shared strings for texts and labels, numbers and Excel dates', () => {
    const shared = sharedStrings();
    const row = writer('xlsx', 'EUR', shared)(aRow({}, { cardGroup: null }));
    const refs = new Map([...shared.xml().matchAll(/<si><t>(.*?)<\/t><\/si>/g)].map((m, i) => [m[1], i]));
    const s = (text: string) => `<c t="s"><v>${refs.get(text)}</v></c>`;
    expect(row).toBe(
      `<row><c><v>42</v></c>${s('Bay 1')}${s('E07A1')}<c><v>2</v></c>${s('RFID')}${s('CARD1')}<c/>` +
        `<c s="1"><v>46032.375</v></c><c s="1"><v>46032.43767361111</v></c><c><v>12.345</v></c>` +
        `<c><v>12.34</v></c>${s('EUR')}${s('Complete')}<c><v>112.345</v></c>${s('Accepted')}</row>`,
    );
  });

  it('writes texts inline, escaped, once the shared strings are full (here: from the start)', () => {
    const row = writer('xlsx', 'EUR', sharedStrings(0))(aRow({}, { charger: 'A & <B>' }));
    expect(row).toContain('<c t="inlineStr"><is><t>A &amp; &lt;B&gt;</t></is></c>');
  });

  it('writes a batch of rows one after the other, non-ASCII texts included, in both formats', () => {
    const rows = Array.from({ length: 3000 }, (_, i) =>
      i % 3
        ? aRow(
            { id: String(i + 1), energy: String(i * 7), charger: String(100 + (i % 20)) },
            { cardGroup: `G${i % 7}` },
          )
        : aRow({ id: String(i + 1) }, { charger: i % 2 ? `Säule ${i}` : `Bay ${i}`, cardGroup: null }),
    );
    for (const format of ['csv', 'xlsx'] as const) {
      const write = writer(format);
      const one = rows.map((row) => write(row)).join('');
      const shared = sharedStrings();
      const batch = batchWriter({
        format,
        labels: labelsFor('en_US'),
        clock: localClock('Europe/Amsterdam'),
        currency: 'EUR',
        chargers,
        shared,
      });
      // The first batch is sized from a guess, the second from the first: both must hold whatever comes.
      const text = [batch(rows.slice(0, 10)), batch(rows.slice(10))].map((b) => b.toString('utf8')).join('');
      expect(text).toBe(one);
    }
    expect(writer('csv')(rows[2997]!)).toContain(',Säule 2997,E07A1,');
    expect(writer('csv')(rows[2998]!)).toContain(',"Säule, 18",P18,');
    expect(writer('csv')(rows[2998]!)).toContain(',CARD1,G2,');
  });

  it("writes a charger's names from the site's chargers, a deleted one's from its session, an unknown one's as empty cells", () => {
    expect(writer('csv')(aRow())).toContain('42,Bay 1,E07A1,2,');
    expect(writer('csv')(aRow({}, { charger: 'Old bay' }))).toContain('42,Old bay,E07A1,2,');
    expect(writer('csv')(aRow({ charger: '999' }))).toContain('42,,,2,');
    expect(writer('xlsx')(aRow({ charger: '999' }))).toContain(
      '<row><c><v>42</v></c><c/><c/><c><v>2</v></c>',
    );
  });
});
