import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceExactly } from './exact.ts';
import { priceSession } from './price-session.ts';
import { add, compare, floor, mul, ratio, sub, sum, type Rational } from './rational.ts';
import { splitCase, start, tariff } from './arbitraries.ts';
import type { PriceSessionInput } from './types.ts';

const same = (a: Rational, b: Rational) => compare(a, b) === 0;

describe('pricing properties', () => {
  it('gives the same breakdown when the meter is also read at any instant in between', () => {
    fc.assert(
      fc.property(splitCase, ({ input, cut }) => {
        const readings = [...input.readings, cut].sort((x, y) => x.at - y.at);
        const finer: PriceSessionInput = { ...input, readings };
        expect(same(priceExactly(finer).total, priceExactly(input).total)).toBe(true);
        expect(priceSession(finer)).toEqual(priceSession(input));
      }),
    );
  });

  it('charges two halves of a session, start fee once, exactly what it charges the whole', () => {
    fc.assert(
      fc.property(splitCase, ({ input, cut }) => {
        const before = [...input.readings.filter((r) => r.at < cut.at), cut];
        const after = [cut, ...input.readings.filter((r) => r.at > cut.at)];
        const whole = priceExactly(input);
        const startFee = whole.lines.find((l) => l.kind === 'startFee')?.amount ?? ratio(0n);
        const halves = [before, after].map((readings) => priceExactly({ ...input, readings }));
        expect(same(sub(sum(halves.map((h) => h.total)), startFee), whole.total)).toBe(true);
        expect(halves.reduce((ms, h) => ms + h.chargingMs + h.idleMs, 0)).toBe(
          whole.chargingMs + whole.idleMs,
        );
        expect(halves.reduce((e, h) => e + h.energyMwh, 0n)).toBe(whole.energyMwh);
      }),
    );
  });

  it('never reports a negative figure, and the lines add up to the total within a unit each', () => {
    const readings = fc
      .array(
        fc.record({
          dt: fc.integer({ min: 0, max: 3 * 3_600_000 }),
          energyWh: fc.double({ min: 0, max: 1e6, noNaN: true }),
        }),
        {
          minLength: 1,
          maxLength: 12,
        },
      )
      .chain((steps) =>
        start.map((t0) => {
          let at = t0;
          return steps.map(({ dt, energyWh }) => ({ at: (at += dt), energyWh }));
        }),
      );
    fc.assert(
      fc.property(tariff, readings, fc.integer({ min: 0, max: 20_000 }), (tariff, readings, multiplierBp) => {
        const input = { tariff, readings, multiplierBp };
        const b = priceSession(input);
        const exact = priceExactly(input);
        const figures = [b.netMinor, b.vatMinor, b.grossMinor, b.energyWh, b.chargingMs, b.idleMs];
        expect(figures.every((x) => x >= 0)).toBe(true);
        expect(b.netMinor + b.vatMinor).toBe(b.grossMinor);
        const lineSum = b.lines.reduce((s, l) => s + l.amountMinor, 0);
        expect(lineSum).toBe(tariff.pricesIncludeVat ? b.grossMinor : b.netMinor);
        b.lines.forEach((line, i) => {
          const exactAmount = exact.lines[i]?.amount ?? ratio(0n);
          expect(line.amountMinor >= 0).toBe(true);
          expect([floor(exactAmount), floor(add(exactAmount, ratio(1n)))]).toContain(
            BigInt(line.amountMinor),
          );
        });
      }),
    );
  });

  it('charges nothing at a 0 % multiplier, the tariff at 100 %, and in proportion between', () => {
    fc.assert(
      fc.property(splitCase, ({ input }) => {
        const at = (multiplierBp: number) => priceExactly({ ...input, multiplierBp });
        const full = at(10_000);
        expect(full.total.n >= 0n).toBe(true);
        expect(priceSession({ ...input, multiplierBp: 0 }).grossMinor).toBe(0);
        const m = input.multiplierBp;
        expect(same(at(m).total, mul(full.total, ratio(BigInt(m), 10_000n)))).toBe(true);
      }),
    );
  });
});
