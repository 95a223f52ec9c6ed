import { describe, expect, it } from 'vitest';
import { emptySiteForm, parseSiteForm, toSiteUpdate, type SiteFormValues } from './site-form';

const valid: SiteFormValues = {
  ...emptySiteForm(),
  name: 'Depot North',
  address: 'Main St 1',
  currency: 'EUR',
  fixedCost: '0.25',
  powerCapacity: '50',
  phases: '3',
  capacityL1: '32',
  capacityL2: '32',
  capacityL3: '32',
  timeZone: 'Europe/Amsterdam',
};

const errorsOf = (values: Partial<SiteFormValues>) => {
  const result = parseSiteForm({ ...valid, ...values });
  return result.ok ? {} : result.errors;
};

describe('site form rules (spec section 5)', () => {
  it('turns a valid form into the fields the contract expects', () => {
    const result = parseSiteForm({ ...valid, fixedCost: '0,3', isOpenLoad: true });
    expect(result.ok && result.fields).toMatchObject({
      fixedCost: 0.3,
      powerCapacity: 50,
      isOpenLoad: 1,
      phases: 3,
    });
  });

  it('sends no L2 and L3 for a single-phase site, whatever was typed', () => {
    const result = parseSiteForm({ ...valid, phases: '1', capacityL2: 'x' });
    expect(result.ok && result.fields).toMatchObject({ phases: 1, capacityL2: null, capacityL3: null });
  });

  it.each([
    [{ currency: '' }, 'currency', 'currencyRequired'],
    [{ fixedCost: '-1' }, 'fixedCost', 'fixedCostMin'],
    [{ fixedCost: 'abc' }, 'fixedCost', 'fixedCostMin'],
    [{ fixedCost: '0.123456' }, 'fixedCost', 'fixedCostDecimals'],
    [{ powerCapacity: '0' }, 'powerCapacity', 'powerCapacityPositive'],
    [{ powerCapacity: '' }, 'powerCapacity', 'powerCapacityPositive'],
    [{ capacityL1: '16.5' }, 'capacityL1', 'capacityInteger'],
    [{ capacityL3: '' }, 'capacityL3', 'capacityInteger'],
    [{ capacityL2: '0' }, 'capacityL2', 'capacityPositive'],
    [{ contactEmail: 'not-an-email' }, 'contactEmail', 'emailInvalid'],
    [{ name: '  ' }, 'name', 'nameRequired'],
    [{ helpPhone: 'call me' }, 'helpPhone', 'helpPhoneInvalid'],
    [{ timeZone: 'Mars/Base' }, 'timeZone', 'timeZoneInvalid'],
  ] as const)('explains %o on %s as %s', (values, field, key) => {
    expect(errorsOf(values)[field]?.key).toBe(key);
  });

  it('reports every wrong field at once', () => {
    expect(
      Object.keys(errorsOf({ name: '', currency: '', powerCapacity: '-2', capacityL1: '1.5' })).sort(),
    ).toEqual(['capacityL1', 'currency', 'name', 'powerCapacity'].sort());
  });

  it('carries the limit into the message', () => {
    expect(errorsOf({ name: 'x'.repeat(101) }).name).toEqual({ key: 'nameTooLong', values: { max: 100 } });
  });

  it('leaves the locked currency out of an update', () => {
    const result = parseSiteForm(valid);
    if (!result.ok) throw new Error('expected a valid form');
    const update = toSiteUpdate(4, result.fields);
    expect(update.stationId).toBe(4);
    expect('currency' in update).toBe(false);
  });
});
