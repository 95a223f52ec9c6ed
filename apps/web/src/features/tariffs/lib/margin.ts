// The site's margin per kWh: what a kWh sells for against what it costs the site (its fixed cost per kWh), both
// without VAT so that a price incl. VAT and a cost excl. VAT are compared fairly. The tariff's VAT rate applies to
// both (the site knows no other).

export type MarginInput = {
  price: number;
  pricesIncludeVat: boolean;
  fixedCost: number;
  fixedCostIncludesVat: boolean;
  vatRate: number;
};

export type Margin = { priceNet: number; costNet: number; margin: number };

const withoutVat = (amount: number, includesVat: boolean, vatRate: number) =>
  includesVat ? amount / (1 + vatRate / 100) : amount;

/** Rounded to 4 decimals, the precision prices are entered with. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export function marginPerKwh({
  price,
  pricesIncludeVat,
  fixedCost,
  fixedCostIncludesVat,
  vatRate,
}: MarginInput): Margin {
  const priceNet = round4(withoutVat(price, pricesIncludeVat, vatRate));
  const costNet = round4(withoutVat(fixedCost, fixedCostIncludesVat, vatRate));
  return { priceNet, costNet, margin: round4(priceNet - costNet) };
}
