import { payloadLimits } from './strict-validator.ts';

// OCPP 1.6 transaction ids are integers (32 bits, section 2); the sessions core keeps them as text, the decimal
// digits, beside a 2.0.1 charger's own strings. The strict validator refuses a 1.6 message naming a number beyond 32
// bits (TypeConstraintViolation) before it reaches a handler: what comes in fits.

/** A 1.6 charger's transaction id as the core names it: 42 is '42', whichever message says it. */
export const coreTransactionId = (id: number): string => String(id);

/**
 * A stored transaction id as 1.6 names it (StartTransaction.conf, RemoteStopTransaction, a TxProfile): only
 * a 1.6 session's id, our integer, gets here; a 2.0.1 charger's string id never is sent on a 1.6 path. Throws on
 * anything else rather than send a charger a number it never had.
 */
export function ocpp16TransactionId(id: string): number {
  const n = Number(id);
  if (!/^-?\d{1,10}$/.test(id) || Math.abs(n) > payloadLimits.maxInt || String(n) !== id)
    throw new Error(`transaction id ${JSON.stringify(id)} is no OCPP 1.6 transaction id`);
  return n;
}
