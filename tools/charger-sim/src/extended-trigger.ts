import type { Ocpp16 } from '@plugboard/ocpp';
import { requestChargePointCertificate } from './certificates.ts';
import { signedFirmwareReport } from './signed-firmware.ts';
import type { SimulatedCharger } from './simulated-charger.ts';

type Requested = Ocpp16.ExtendedTriggerMessageRequest['requestedMessage'];

/**
 * ExtendedTriggerMessage (OCPP 1.6 security whitepaper edition 3): answered first, the message sent after, as
 * TriggerMessage does; a connector it does not have is Rejected. FirmwareStatusNotification brings a
 * SignedFirmwareStatusNotification (the signed update under way, or Idle), LogStatusNotification an Idle one.
 * SignChargePointCertificate a SignCertificate with a new key's CSR (A02, certificates.ts).
 */
export function attachExtendedTriggerHandler(charger: SimulatedCharger): void {
  const { connectors, later, log } = charger.internals;

  charger.client.handle('ExtendedTriggerMessage', ({ params }) => {
    const { requestedMessage, connectorId } = params as Ocpp16.ExtendedTriggerMessageRequest;
    log(`⇐ ExtendedTriggerMessage ${JSON.stringify(params)}`);
    if (connectorId !== undefined && !connectors.has(connectorId)) {
      return Promise.resolve({ status: 'Rejected' as const });
    }
    const selected = [...connectors.values()].filter(
      (c) => connectorId === undefined || c.id === connectorId,
    );
    const send: Record<Requested, () => Promise<unknown>> = {
      BootNotification: () => charger.boot(),
      Heartbeat: () => charger.call('Heartbeat', {}),
      MeterValues: async () => {
        for (const c of selected) await charger.sendMeterValues(c.id);
      },
      StatusNotification: async () => {
        for (const c of selected) await charger.setStatus(c.id, c.status);
      },
      FirmwareStatusNotification: () =>
        charger.call('SignedFirmwareStatusNotification', signedFirmwareReport(charger)),
      LogStatusNotification: () => charger.call('LogStatusNotification', { status: 'Idle' }),
      SignChargePointCertificate: () => requestChargePointCertificate(charger),
    };
    later(0, send[requestedMessage]);
    return Promise.resolve({ status: 'Accepted' as const });
  });
}
