import { describe, expect, it } from 'vitest';
import {
  defaultTariffForm,
  emptyBand,
  formToSave,
  hasErrors,
  validateTariff,
  type BandValues,
  type TariffFormValues,
} from './tariff-form';

const form = (overrides: Partial<TariffFormValues> = {}): TariffFormValues => ({
  ...defaultTariffForm(),
  energyPrice: '0.35',
  vatRate: '21',
  ...overrides,
});
const aBand = (overrides: Partial<BandValues> = {}): BandValues => ({
  ...emptyBand(),
  from: '07:00',
  to: '23:00',
  energyPrice: '0.40',
  ...overrides,
});

describe('tariff form validation', () => {
  it('accepts a static tariff with prices up to 4 decimals and a comma as decimal mark', () => {
    const values = form({ energyPrice: '0,3495', startFee: '1.5' });
    expect(hasErrors(validateTariff(values))).toBe(false);
    expect(formToSave(values)).toMatchObject({ energyPrice: 0.3495, startFee: 1.5, vatRate: 21, bands: [] });
  });

  it('explains each price rule of the contract', () => {
    const { fields } = validateTariff(
      form({ energyPrice: '', timePrice: 'abc', idlePrice: '-1', startFee: '0.12345' }),
    );
    expect(fields.energyPrice?.key).toBe('required');
    expect(fields.timePrice?.key).toBe('number');
    expect(fields.idlePrice?.key).toBe('negative');
    expect(fields.startFee).toEqual({ key: 'priceDecimals', values: { decimals: 4 } });
    expect(validateTariff(form({ energyPrice: '100001' })).fields.energyPrice?.key).toBe('priceMax');
  });

  it('keeps the VAT rate between 0 and 100 % with at most 2 decimals', () => {
    expect(validateTariff(form({ vatRate: '100.5' })).fields.vatRate?.key).toBe('vatMax');
    expect(validateTariff(form({ vatRate: '21.125' })).fields.vatRate?.key).toBe('vatDecimals');
    expect(validateTariff(form({ vatRate: '0' })).fields.vatRate).toBeUndefined();
  });

  it('asks for at least one band with time of use', () => {
    expect(validateTariff(form({ priceModel: 'timeOfUse' })).fields.bands?.key).toBe('bandsRequired');
  });

  it('checks each band: a day, valid times, an end after the start (24:00 allowed) and its prices', () => {
    const { bands } = validateTariff(
      form({
        priceModel: 'timeOfUse',
        bands: [
          aBand({ days: [], from: '7', to: '23:00' }),
          aBand({ from: '23:00', to: '22:00', energyPrice: '' }),
          aBand({ days: [6], from: '23:00', to: '24:00' }),
        ],
      }),
    );
    expect(bands[0]).toMatchObject({ days: { key: 'daysRequired' }, from: { key: 'time' } });
    expect(bands[1]).toMatchObject({ to: { key: 'toAfterFrom' }, energyPrice: { key: 'required' } });
    expect(bands[2]).toEqual({});
  });

  it('flags both rows of bands overlapping on a day', () => {
    const { bands } = validateTariff(
      form({
        priceModel: 'timeOfUse',
        bands: [aBand({ days: [1, 2] }), aBand({ days: [2, 3], from: '22:00', to: '24:00' })],
      }),
    );
    expect(bands.map((band) => band.overlapDays)).toEqual([[2], [2]]);
  });

  it('sends bands only for time of use, with sorted days', () => {
    const bands = [aBand({ days: [5, 1, 3] })];
    expect(formToSave(form({ bands })).bands).toEqual([]);
    expect(formToSave(form({ priceModel: 'timeOfUse', bands })).bands).toEqual([
      { days: [1, 3, 5], from: '07:00', to: '23:00', energyPrice: 0.4, timePrice: 0, idlePrice: 0 },
    ]);
  });
});
