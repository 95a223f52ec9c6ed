import type { InvoiceLine, serviceFeeSchema } from '@plugboard/contract';
import type { z } from 'zod';
import type { BillingRow } from '../sessions/session-billing.service.ts';

export type Fee = z.output<typeof serviceFeeSchema>;

/** An invoice's lines with rates in basis points, as stored. */
export type StoredLine = Omit<InvoiceLine, 'vatRate'> & { vatRateBp: number };

export type Bill = {
  lines: StoredLine[];
  netMinor: number;
  vatMinor: number;
  grossMinor: number;
  /** The sessions billed, in id order. */
  sessionIds: number[];
  /** Sessions left out because an issued invoice bills them: count by that invoice's number. */
  alreadyBilled: Map<string, number>;
  /** Complete sessions without a stored cost (the site had no tariff). */
  unpriced: number;
};

/** a / b rounded half up, for a >= 0 and b > 0 (integers). */
export const roundDiv = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * The lines of an invoice from its sessions' stored costs: one charging line per VAT rate, the highest rate first
 * (energy, sessions counted, net and VAT summed exactly as stored), then the service fee if the request has one.
 * The fee is rounded once, half up: per session = count x fee; percent = the charging net x percent; its VAT is its
 * rate (the request's, else the largest charging line's) of its net. Totals are the sums of the lines, so the
 * charging part equals the sum of the sessions' stored amounts to the minor unit.
 */
export function billOf(
  rows: BillingRow[],
  heldBy: Map<number, string>,
  fee: Fee,
  currencyDigits: number,
): Bill {
  const byRate = new Map<number, StoredLine>();
  const sessionIds: number[] = [];
  const alreadyBilled = new Map<string, number>();
  let unpriced = 0;
  for (const [id, energyWh, netMinor, vatMinor, vatRateBp] of rows) {
    const number = heldBy.get(id);
    if (number !== undefined) {
      alreadyBilled.set(number, (alreadyBilled.get(number) ?? 0) + 1);
      continue;
    }
    if (netMinor === null || vatMinor === null || vatRateBp === null) {
      unpriced++;
      continue;
    }
    sessionIds.push(id);
    let line = byRate.get(vatRateBp);
    if (!line) {
      line = { kind: 'charging', vatRateBp, energyWh: 0, sessions: 0, netMinor: 0, vatMinor: 0 };
      byRate.set(vatRateBp, line);
    }
    line.energyWh += energyWh;
    line.sessions += 1;
    line.netMinor += netMinor;
    line.vatMinor += vatMinor;
  }
  const lines = [...byRate.values()].sort((a, b) => b.vatRateBp - a.vatRateBp);
  const feeLine = feeLineOf(lines, fee, currencyDigits);
  if (feeLine) lines.push(feeLine);
  const netMinor = lines.reduce((sum, l) => sum + l.netMinor, 0);
  const vatMinor = lines.reduce((sum, l) => sum + l.vatMinor, 0);
  return { lines, netMinor, vatMinor, grossMinor: netMinor + vatMinor, sessionIds, alreadyBilled, unpriced };
}

function feeLineOf(charging: StoredLine[], fee: Fee, currencyDigits: number): StoredLine | undefined {
  if (fee.kind === 'none' || charging.length === 0) return undefined;
  const sessions = charging.reduce((sum, l) => sum + l.sessions, 0);
  const chargingNet = charging.reduce((sum, l) => sum + l.netMinor, 0);
  const netMinor =
    fee.kind === 'perSession'
      ? // The fee in 1/10,000 of the major unit (4 decimals at most), times the sessions, to the minor unit.
        roundDiv(sessions * Math.round(fee.perSession * 10_000) * 10 ** currencyDigits, 10_000)
      : roundDiv(chargingNet * Math.round(fee.percent * 100), 10_000);
  const largest = [...charging].sort((a, b) => b.netMinor - a.netMinor)[0];
  const vatRateBp = fee.vatRate === undefined ? (largest?.vatRateBp ?? 0) : Math.round(fee.vatRate * 100);
  return {
    kind: 'serviceFee',
    vatRateBp,
    energyWh: 0,
    sessions,
    netMinor,
    vatMinor: roundDiv(netMinor * vatRateBp, 10_000),
  };
}
