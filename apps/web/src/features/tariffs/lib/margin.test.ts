import { describe, expect, it } from 'vitest';
import { marginPerKwh } from './margin';

describe('margin per kWh', () => {
  it('compares price and cost without VAT, whichever side each is given on', () => {
    expect(
      marginPerKwh({
        price: 0.363,
        pricesIncludeVat: true,
        fixedCost: 0.2,
        fixedCostIncludesVat: false,
        vatRate: 21,
      }),
    ).toEqual({ priceNet: 0.3, costNet: 0.2, margin: 0.1 });
    expect(
      marginPerKwh({
        price: 0.3,
        pricesIncludeVat: false,
        fixedCost: 0.242,
        fixedCostIncludesVat: true,
        vatRate: 21,
      }),
    ).toEqual({ priceNet: 0.3, costNet: 0.2, margin: 0.1 });
  });

  it('shows a loss as a negative margin', () => {
    expect(
      marginPerKwh({
        price: 0.1,
        pricesIncludeVat: false,
        fixedCost: 0.25,
        fixedCostIncludesVat: false,
        vatRate: 0,
      }).margin,
    ).toBe(-0.15);
  });
});
