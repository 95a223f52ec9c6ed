import { describe, expect, it } from 'vitest';
import { isStrongPassword, loginBody, passwordSchema, registerBody } from './account.ts';
import { checkCodeBody, verificationCodeSchema } from './verify-code.ts';

describe('the password rule', () => {
  it.each([
    ['letters and digits', 'abcdefg1', true],
    ['letters and symbols', 'abcdefg!', true],
    ['digits and symbols', '1234567!', true],
    ['accented letters and digits', 'éèçàôü12', true],
    ['letters only', 'abcdefgh', false],
    ['digits only', '12345678', false],
    ['symbols only', '!@#$%^&*', false],
    ['letters and spaces', 'abcd efgh', false],
    ['7 characters of three kinds', 'ab12!?x', false],
    ['128 characters', 'a1'.repeat(64), true],
    ['129 characters', `${'a1'.repeat(64)}x`, false],
  ])('%s: %s', (_label, password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
    expect(passwordSchema.safeParse(password).success).toBe(strong);
  });

  it('says what is missing', () => {
    expect(passwordSchema.safeParse('abcdefgh').error?.issues[0]?.message).toBe(
      'Use at least two kinds among digits, letters and symbols',
    );
    expect(passwordSchema.safeParse('ab1').error?.issues[0]?.message).toBe('At least 8 characters');
  });
});

describe('e-mail and code fields', () => {
  it('trims the e-mail and keeps its case', () => {
    expect(loginBody.parse({ email: '  Ada@Example.COM ', password: 'x' }).email).toBe('Ada@Example.COM');
    expect(loginBody.safeParse({ email: 'ada@', password: 'x' }).success).toBe(false);
  });

  it('takes a 4-character code of letters and digits, upper-casing it', () => {
    expect(verificationCodeSchema.parse(' ab2c ')).toBe('AB2C');
    for (const code of ['ABC', 'ABCDE', 'AB-C', 'ÄBCD'])
      expect(verificationCodeSchema.safeParse(code).success).toBe(false);
    expect(checkCodeBody.safeParse({ email: 'a@b.co', code: 'AB2C', purpose: 'unlock' }).success).toBe(false);
  });

  it('needs the legal terms ticked to register', () => {
    const registration = {
      email: 'a@b.co',
      password: 'Charge-2024',
      confirmPassword: 'Charge-2024',
      code: 'AB2C',
      companyName: 'BV',
      companyAddress: 'Kade 1',
    };
    expect(registerBody.safeParse({ ...registration, agreeTerms: true }).success).toBe(true);
    expect(registerBody.safeParse({ ...registration, agreeTerms: false }).success).toBe(false);
    expect(registerBody.safeParse(registration).success).toBe(false);
  });
});
