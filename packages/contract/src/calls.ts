import type { z } from 'zod';

/**
 * Every console call, keyed by path. Each entry's `body` validates on the server and types the client; `data` is the
 * `data` of the answer envelope; `site` says whether the call carries and is scoped to a `stationId`
 * (spec section 7 marks the calls that are not).
 */
export type CallDefinition = {
  body: z.ZodType;
  data: z.ZodType;
  /** 'none': public (no session); 'account': needs a session; 'site': needs a session and an owned stationId. */
  access: 'none' | 'account' | 'site';
  summary: string;
};

export const cmsPrefix = '/cms-system/system';

export const calls = {} satisfies Record<string, CallDefinition>;
