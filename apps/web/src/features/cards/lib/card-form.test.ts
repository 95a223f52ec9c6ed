import { describe, expect, it } from 'vitest';
import { emptyCardForm, parseCardForm, type CardFormValues } from './card-form';

const form = (values: Partial<CardFormValues>) => parseCardForm({ ...emptyCardForm('1'), ...values });
const errorsOf = (values: Partial<CardFormValues>) => {
  const result = form(values);
  return result.ok ? {} : result.errors;
};

describe('card form', () => {
  it('needs a card ID', () => {
    expect(errorsOf({ cardId: '  ' }).cardId).toEqual({ key: 'cardIdRequired' });
  });

  it('accepts card IDs of up to 20 characters, as an OCPP id tag holds, though the hint says 8', () => {
    expect(errorsOf({ cardId: 'A'.repeat(20) }).cardId).toBeUndefined();
    expect(errorsOf({ cardId: 'A'.repeat(21) }).cardId).toEqual({
      key: 'cardIdTooLong',
      values: { max: 20 },
    });
  });

  it('refuses spaces and other signs in a card ID', () => {
    expect(errorsOf({ cardId: 'AB 12' }).cardId).toEqual({ key: 'cardIdFormat' });
    expect(errorsOf({ cardId: 'AB-12:3_4.5' }).cardId).toBeUndefined();
  });

  it('takes an e-mail only when valid, and needs one for the report', () => {
    expect(errorsOf({ cardId: 'A1', email: 'not-mail' }).email).toEqual({ key: 'emailInvalid' });
    expect(errorsOf({ cardId: 'A1', subscribeReport: true }).email).toEqual({ key: 'reportNeedsEmail' });
    expect(form({ cardId: 'A1', email: '' }).ok).toBe(true);
  });

  it('sends trimmed values and the group as a number', () => {
    expect(
      form({
        cardId: ' A1 ',
        holder: ' Ann ',
        email: ' ann@example.com ',
        subscribeReport: true,
        groupId: '4',
      }),
    ).toEqual({
      ok: true,
      fields: { cardId: 'A1', holder: 'Ann', groupId: 4, email: 'ann@example.com', subscribeReport: true },
    });
  });
});
