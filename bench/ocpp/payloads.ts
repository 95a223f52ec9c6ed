// The payloads of the load clients' CALLs, written as JSON text: the same text JSON.stringify gave for the objects
// built here before session 12, key for key, without building and serialising an object tree for every message.
import type { LoadAction } from './protocol.ts';
import type { Sim } from './sim-socket.ts';

const statuses = ['Available', 'Preparing', 'Charging', 'SuspendedEV', 'Charging', 'Finishing'] as const;

export const bootPayload = '{"chargePointVendor":"Plugboard","chargePointModel":"Bench"}';

/** The given status, or the charger's next one in the cycle of `statuses`. */
export function statusPayload(sim: Sim, status?: string): string {
  const next = status ?? statuses[++sim.statusIndex % statuses.length];
  return `{"connectorId":1,"errorCode":"NoError","status":"${next}","timestamp":"${new Date().toISOString()}"}`;
}

function meterPayload(sim: Sim): string {
  sim.energyWh += 37;
  return (
    `{"connectorId":1,"meterValue":[{"timestamp":"${new Date().toISOString()}","sampledValue":[` +
    `{"value":"${sim.energyWh}","measurand":"Energy.Active.Import.Register","unit":"Wh"},` +
    '{"value":"7400","measurand":"Power.Active.Import","unit":"W"},' +
    '{"value":"32","measurand":"Current.Import","phase":"L1","unit":"A"}]}]}'
  );
}

export const payloadOf: Record<LoadAction, (sim: Sim) => string> = {
  Heartbeat: () => '{}',
  StatusNotification: (sim) => statusPayload(sim),
  MeterValues: meterPayload,
};
