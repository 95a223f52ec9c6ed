import { isPriceSet, validateBands } from './bands.ts';
import type { PriceSessionInput } from './types.ts';

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * Throws a RangeError for input the engine cannot price honestly. Non-negative prices and multiplier are what
 * guarantee a total that is never negative; sorted readings are what makes "charging" and "idle" mean anything.
 */
export function assertPriceable({ tariff, readings, multiplierBp }: PriceSessionInput): void {
  const fail = (why: string) => {
    throw new RangeError(`cannot price this session: ${why}`);
  };
  if (!isPriceSet(tariff) || !isCount(tariff.startFee)) fail('prices must be non-negative integers');
  if (!isCount(tariff.vatRateBp)) fail('vatRateBp must be a non-negative integer');
  if (!Number.isInteger(tariff.minorDigits) || tariff.minorDigits < 0 || tariff.minorDigits > 4) {
    fail('minorDigits must be 0 to 4 (prices are in 1/10,000 of the major unit)');
  }
  if (!isCount(multiplierBp)) fail('multiplierBp must be a non-negative integer');
  if (tariff.priceModel === 'timeOfUse') {
    const why = validateBands(tariff.bands);
    if (why) fail(why);
  }
  if (readings.length === 0) fail('a session needs at least one meter reading');
  let previous = -Infinity;
  for (const r of readings) {
    if (!Number.isSafeInteger(r.at)) fail('reading times must be integer epoch milliseconds');
    if (r.at < previous) fail('readings must be sorted by time');
    if (!Number.isFinite(r.energyWh)) fail('meter readings must be finite numbers');
    previous = r.at;
  }
}
