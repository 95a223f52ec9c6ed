import type { z } from 'zod';

/**
 * One console call. `body` validates on the server and types the client; `data` is the `data` of the answer
 * envelope; `access` says whether the call carries and is scoped to a `stationId` (spec section 7 marks the calls
 * that are not). Apart from calls.ts so that each noun's `<noun>.calls.ts` can use it without an import cycle.
 */
export type CallDefinition = {
  body: z.ZodType;
  data: z.ZodType;
  /** 'none': public (no session); 'account': needs a session; 'site': needs a session and an owned stationId. */
  access: 'none' | 'account' | 'site';
  summary: string;
};
