import { describe, expect, it } from 'vitest';
import { cardLimits } from '@plugboard/contract';
import { aCard } from '../testing';
import { cardsToCsv, fileLine, mergeProblems, readCardFile, templateCsv } from './card-csv';

function ready(text: string) {
  const file = readCardFile(text);
  if (!file.ok) throw new Error(`the file was refused: ${file.error}`);
  return file;
}

describe('card import file', () => {
  it('reads the template columns in any order and case, missing ones empty', () => {
    const file = ready('email;CARDID;subscribeReport\r\nann@example.com;A1;yes\r\n;B2;\r\n');
    expect(file.rows).toEqual([
      { cardId: 'A1', holder: '', group: '', email: 'ann@example.com', subscribeReport: true },
      { cardId: 'B2', holder: '', group: '', email: '', subscribeReport: false },
    ]);
    expect(file.problems).toEqual([]);
  });

  it('refuses a file whose first line is not the header', () => {
    expect(readCardFile('A1,Ann,Staff\n')).toEqual({ ok: false, error: 'header' });
    expect(readCardFile('cardId,holdr\nA1,Ann\n')).toEqual({ ok: false, error: 'header' });
  });

  it('refuses a file without cards', () => {
    expect(readCardFile('')).toEqual({ ok: false, error: 'empty' });
    expect(readCardFile('cardId,holder\n\n')).toEqual({ ok: false, error: 'empty' });
  });

  it(`refuses more than ${cardLimits.importMaxRows} cards`, () => {
    const rows = Array.from({ length: cardLimits.importMaxRows + 1 }, (_, i) => `C${i}`);
    expect(readCardFile(['cardId', ...rows].join('\n'))).toEqual({ ok: false, error: 'tooMany' });
    expect(readCardFile(['cardId', ...rows.slice(1)].join('\n')).ok).toBe(true);
  });

  it('reports a subscription that is neither yes nor no, on its row', () => {
    const file = ready('cardId,subscribeReport\nA1,true\nA2,maybe\n');
    expect(file.problems).toEqual([{ row: 2, field: 'subscribeReport', reason: 'format' }]);
    expect(file.reportTexts[1]).toBe('maybe');
  });

  it("points a row's problem at its line in the file, blank lines and the header counted", () => {
    const file = ready('cardId\n\nA1\n"B\n2"\nC3\n');
    expect([1, 2, 3].map((row) => fileLine(file.lines, row))).toEqual([3, 4, 6]);
  });

  it('lists problems in file order, once each', () => {
    expect(
      mergeProblems(
        [{ row: 4, field: 'subscribeReport', reason: 'format' }],
        [
          { row: 4, field: 'cardId', reason: 'exists' },
          { row: 2, field: 'email', reason: 'format' },
          { row: 4, field: 'subscribeReport', reason: 'format' },
        ],
      ),
    ).toEqual([
      { row: 2, field: 'email', reason: 'format' },
      { row: 4, field: 'cardId', reason: 'exists' },
      { row: 4, field: 'subscribeReport', reason: 'format' },
    ]);
  });
});

describe('card export file', () => {
  it('starts with a BOM and the import header, so that an export imports again unchanged', () => {
    const cards = [
      aCard({
        cardId: 'A1',
        holder: 'Doe, Jo',
        groupName: 'Staff',
        email: 'jo@example.com',
        subscribeReport: true,
      }),
      aCard({ cardId: 'B2', holder: 'Zoë "Z"', groupName: 'Default' }),
    ];
    const text = cardsToCsv(cards);
    expect(text.startsWith('\uFEFFcardId,holder,group,email,subscribeReport\r\n')).toBe(true);
    expect(ready(text).rows).toEqual([
      { cardId: 'A1', holder: 'Doe, Jo', group: 'Staff', email: 'jo@example.com', subscribeReport: true },
      { cardId: 'B2', holder: 'Zoë "Z"', group: 'Default', email: '', subscribeReport: false },
    ]);
  });

  it('offers a template with the header only', () => {
    expect(templateCsv()).toBe('\uFEFFcardId,holder,group,email,subscribeReport\r\n');
  });
});
