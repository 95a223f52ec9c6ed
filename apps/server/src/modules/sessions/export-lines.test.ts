import { describe, expect, it } from 'vitest';
import { labelsFor } from './export-labels.ts';
import { sharedStrings } from './export-formats.ts';
import {
  decimalText,
  figureColumns,
  lineWriter,
  type ExportRow,
  type OngoingFigures,
} from './export-lines.ts';
import { localClock } from './local-clock.ts';

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
    ...change,
  };
  const text = figureColumns.map((column) => figures[column] ?? '').join('|');
  return [
    text,
    texts.charger ?? 'Bay 1',
    'E07A1',
    texts.cardId ?? 'CARD1',
    texts.cardGroup === undefined ? 'Staff' : texts.cardGroup,
  ];
};
const writer = (
  format: 'csv' | 'xlsx',
  currency = 'EUR',
  shared = sharedStrings(),
  ongoing = new Map<number, OngoingFigures>(),
) =>
  lineWriter({
    format,
    ongoing,
    labels: labelsFor('en_US'),
    clock: localClock('Europe/Amsterdam'),
    currency,
    shared,
  });

describe('decimalText', () => {
  it('writes an integer scaled down as String(n / 10 ** scale) does', () => {
    expect(decimalText('123450', 3)).toBe('123.45');
    expect(decimalText('5', 3)).toBe('0.005');
    expect(decimalText('1000', 3)).toBe('1');
    expect(decimalText('0', 2)).toBe('0');
    expect(decimalText('-5', 2)).toBe('-0.05');
    expect(decimalText('7', 0)).toBe('7');
    for (let i = 0; i < 20_000; i++) {
      const n = Math.round((Math.random() - 0.2) * 10 ** (1 + (i % 12)));
      for (const scale of [0, 2, 3]) expect(decimalText(String(n), scale)).toBe(String(n / 10 ** scale));
    }
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
        `<c s="1"><v>46032.375</v></c><c s="1"><v>46032.43767361111111114</v></c><c><v>12.345</v></c>` +
        `<c><v>12.34</v></c>${s('EUR')}${s('Complete')}<c><v>112.345</v></c>${s('Accepted')}</row>`,
    );
  });

  it('writes texts inline, escaped, once the shared strings are full (here: from the start)', () => {
    const row = writer('xlsx', 'EUR', sharedStrings(0))(aRow({}, { charger: 'A & <B>' }));
    expect(row).toContain('<c t="inlineStr"><is><t>A &amp; &lt;B&gt;</t></is></c>');
  });
});
