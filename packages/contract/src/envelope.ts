import { z } from 'zod';

/** Every console call answers `{status, msg, data}`; status 200 means success (spec section 7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), msg: z.string(), data });
}

export const emptyEnvelope = envelope(z.null());

export const errorEnvelope = z.object({ status: z.number().int(), msg: z.string(), data: z.null() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { status: number; msg: string; data: T };
