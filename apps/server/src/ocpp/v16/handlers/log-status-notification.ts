import type { V16Handler } from '../handler.ts';

// OCPP 1.6 security whitepaper (edition 3), N01: the progress of a GetLog upload, naming its requestId. Stored
// with the request (modules/diagnostics), shown in the charger's details; answered in any case.
export const logStatusNotification: V16Handler<'LogStatusNotification'> = async (params, ctx) => {
  await ctx.logStatus?.(ctx.charger.chargerId, params.status, params.requestId);
  return {};
};
