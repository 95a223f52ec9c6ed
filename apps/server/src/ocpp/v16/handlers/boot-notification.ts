import type { V16Context, V16Handler } from '../handler.ts';

/** How long a booted charger has to report its connectors before it is asked (at most; less with a short heartbeat). */
const statusGraceMs = 5_000;

/**
 * Per socket (its handlers' context, one per connection): when it last booted, and whether a StatusNotification
 * stamped since has been stored. Most chargers report their connectors right after the boot: then the check of the
 * grace time needs no query (a reconnect storm is thousands of boots).
 */
const sinceBoot = new WeakMap<V16Context, { bootAt: number; reported: boolean }>();

/**
 * A StatusNotification of this socket was stored. One stamped before the boot (from the charger's offline queue)
 * does not count: it may have changed nothing, so the database decides.
 */
export function statusReported(ctx: V16Context, timestamp: Date): void {
  const boot = sinceBoot.get(ctx);
  if (boot && timestamp.getTime() >= boot.bootAt) boot.reported = true;
}

// Always Accepted: a charger that got through the handshake is registered to a site, so there is nothing to wait
// for (Pending) or to refuse (Rejected).
export const bootNotification: V16Handler<'BootNotification'> = async (params, ctx) => {
  sinceBoot.set(ctx, { bootAt: ctx.now().getTime(), reported: false });
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
  askStatusesIfSilent(ctx);
  return {
    status: 'Accepted',
    currentTime: ctx.now().toISOString(),
    // OCPP wants whole seconds; configuration allows fractions for tests.
    interval: Math.max(1, Math.round(ctx.heartbeatInterval)),
  };
};

/**
 * A charger need not send StatusNotification after booting (many report only changes). Its statuses from before
 * the boot no longer hold, so if none came within the grace time it is asked with TriggerMessage, after the boot's
 * answer has left (OCPP 1.6 section 5.17).
 */
function askStatusesIfSilent(ctx: V16Context): void {
  const { command } = ctx;
  if (!command) return;
  const graceMs = Math.min(statusGraceMs, Math.max(50, ctx.heartbeatInterval * 1000));
  setTimeout(() => {
    void (async () => {
      if (sinceBoot.get(ctx)?.reported) return;
      if (!(await ctx.chargers.awaitsStatus(ctx.charger.chargerId))) return;
      await command('TriggerMessage', { requestedMessage: 'StatusNotification' });
    })().catch((error: unknown) =>
      ctx.log.info({ err: error }, 'TriggerMessage StatusNotification not sent'),
    );
  }, graceMs).unref();
}
