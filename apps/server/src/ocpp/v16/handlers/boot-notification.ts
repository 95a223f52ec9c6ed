import type { V16Handler } from '../handler.ts';

// Always Accepted: a charger that got through the handshake is registered to a site, so there is nothing to wait
// for (Pending) or to refuse (Rejected).
export const bootNotification: V16Handler<'BootNotification'> = async (params, ctx) => {
  await ctx.chargers.recordBoot(ctx.charger.chargerId, {
    vendor: params.chargePointVendor,
    model: params.chargePointModel,
    serialNumber: params.chargePointSerialNumber ?? params.chargeBoxSerialNumber ?? null,
    firmwareVersion: params.firmwareVersion ?? null,
    iccid: params.iccid ?? null,
    imsi: params.imsi ?? null,
    meterType: params.meterType ?? null,
    meterSerialNumber: params.meterSerialNumber ?? null,
  });
  return {
    status: 'Accepted',
    currentTime: ctx.now().toISOString(),
    // OCPP wants whole seconds; configuration allows fractions for tests.
    interval: Math.max(1, Math.round(ctx.heartbeatInterval)),
  };
};
