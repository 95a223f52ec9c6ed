import { describe, expect, it } from 'vitest';
import { discountOf } from './format';
import { parseGroupForm } from './group-form';

const multiplierError = (multiplier: string) => {
  const result = parseGroupForm({ name: 'Staff', multiplier });
  return result.ok ? null : result.errors.multiplier?.key;
};

describe('card group form', () => {
  it('needs a name and a multiplier', () => {
    expect(parseGroupForm({ name: '  ', multiplier: '' })).toEqual({
      ok: false,
      errors: { name: { key: 'nameRequired' }, multiplier: { key: 'multiplierRequired' } },
    });
  });

  it('accepts 0 to 100 with at most 2 decimals, a decimal comma included', () => {
    expect(parseGroupForm({ name: ' Staff ', multiplier: '87,55' })).toEqual({
      ok: true,
      fields: { name: 'Staff', multiplier: 87.55 },
    });
    for (const value of ['0', '100', '80', '0.01', '99.99']) expect(multiplierError(value)).toBeNull();
  });

  it('refuses what the contract refuses', () => {
    expect(multiplierError('100.01')).toBe('multiplierRange');
    expect(multiplierError('-1')).toBe('multiplierRange');
    expect(multiplierError('80.555')).toBe('multiplierDecimals');
    expect(multiplierError('eighty')).toBe('multiplierRequired');
    expect(multiplierError('8e1')).toBe('multiplierRequired');
  });

  it('refuses a name longer than 50 characters', () => {
    const result = parseGroupForm({ name: 'x'.repeat(51), multiplier: '80' });
    expect(result.ok ? null : result.errors.name).toEqual({ key: 'nameTooLong', values: { max: 50 } });
  });
});

describe('discount', () => {
  it('is the share of the tariff a group does not pay', () => {
    expect(discountOf(80)).toBe(20);
    expect(discountOf(87.3)).toBe(12.7);
    expect(discountOf(100)).toBe(0);
    expect(discountOf(0)).toBe(100);
  });
});
