export * from './types.ts';
export { priceSession } from './price-session.ts';
export { validateBands } from './bands.ts';
export { minorDigitsOf } from './currency.ts';
export { utcOffsetMs } from './clock.ts';
export * from './zoned-time.ts';
