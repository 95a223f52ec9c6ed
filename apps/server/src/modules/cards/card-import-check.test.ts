import { describe, expect, it } from 'vitest';
import { checkImportRows, type ImportContext } from './card-import-check.ts';

const context: ImportContext = {
  groupIds: new Map([
    ['default', 1],
    ['staff', 2],
  ]),
  defaultGroupId: 1,
  existing: new Map([['have0001', 'active']]),
};
const row = (overrides: Partial<Parameters<typeof checkImportRows>[0][number]> = {}) => ({
  cardId: 'NEW00001',
  holder: '',
  group: '',
  email: '',
  subscribeReport: false,
  ...overrides,
});

describe('checking import rows', () => {
  it('trims the fields and puts a card without a group in the default group', () => {
    const { errors, cards } = checkImportRows(
      [
        row({ cardId: ' NEW00001 ', holder: ' Jan ', group: ' STAFF ', email: ' jan@example.com ' }),
        row({ cardId: 'NEW00002' }),
      ],
      context,
    );
    expect(errors).toEqual([]);
    expect(cards).toEqual([
      { card_id: 'NEW00001', holder: 'Jan', group_id: 2, email: 'jan@example.com', subscribe_report: false },
      { card_id: 'NEW00002', holder: '', group_id: 1, email: '', subscribe_report: false },
    ]);
  });

  it('reports a card ID repeated in the file on its later rows only, whatever the case', () => {
    const { errors } = checkImportRows(
      [row(), row({ cardId: 'new00001' }), row({ cardId: 'NEW00001' })],
      context,
    );
    expect(errors).toEqual([
      { row: 2, field: 'cardId', reason: 'duplicateInFile' },
      { row: 3, field: 'cardId', reason: 'duplicateInFile' },
    ]);
  });

  it('gives one reason per field, the first that applies', () => {
    const { errors } = checkImportRows(
      [row({ cardId: `${'X'.repeat(20)} Y` }), row({ cardId: 'HAVE0001' })],
      context,
    );
    expect(errors).toEqual([
      { row: 1, field: 'cardId', reason: 'tooLong' },
      { row: 2, field: 'cardId', reason: 'exists' },
    ]);
  });

  it('checks the e-mail: its format, its length, and that a subscription has one', () => {
    const { errors } = checkImportRows(
      [
        row({ cardId: 'A1', email: 'a@b' }),
        row({ cardId: 'A2', email: `${'a'.repeat(250)}@example.com` }),
        row({ cardId: 'A3', subscribeReport: true }),
        row({ cardId: 'A4', email: 'ok@example.com', subscribeReport: true }),
      ],
      context,
    );
    expect(errors).toEqual([
      { row: 1, field: 'email', reason: 'format' },
      { row: 2, field: 'email', reason: 'tooLong' },
      { row: 3, field: 'email', reason: 'emailNeeded' },
    ]);
  });
});
