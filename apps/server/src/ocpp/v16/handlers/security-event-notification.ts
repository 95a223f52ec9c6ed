import type { V16Handler } from '../handler.ts';

// OCPP 1.6 security whitepaper (edition 3), A04: the charger reports a security event; it is answered once stored.
export const securityEventNotification: V16Handler<'SecurityEventNotification'> = async (params, ctx) => {
  await ctx.securityEvents?.({
    chargerId: ctx.charger.chargerId,
    type: params.type,
    timestamp: params.timestamp,
    techInfo: params.techInfo,
  });
  return {};
};
