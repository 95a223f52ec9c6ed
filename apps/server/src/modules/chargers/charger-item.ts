import type { Charger, Connector, OngoingSession, SecurityProfile } from '@plugboard/contract';
import type { OngoingSessionRow } from '../sessions/ongoing-sessions.service.ts';
import type { CatalogueRow } from './firmware.repository.ts';
import type { ChargerRow, ConnectorRow } from './chargers.repository.ts';
import { offeredVersion } from './firmware-version.ts';
import { closableByHand } from './session-close.ts';

/** What a charger's list item is made of; `catalogue` holds the firmware known for its model. */
export type ChargerParts = {
  row: ChargerRow;
  connectors: ConnectorRow[];
  /** Its ongoing sessions, the earliest first. */
  sessions: OngoingSessionRow[];
  catalogue: CatalogueRow[];
};

/** The console's view of a charger (spec section 3): its row, connectors, ongoing sessions and newer firmware. */
export function toChargerItem({ row, connectors, sessions, catalogue }: ChargerParts): Charger {
  const models = catalogue.filter((c) => c.model.toLowerCase() === row.model?.toLowerCase());
  const offered = offeredVersion(row.firmware_version, models);
  const first = sessions[0];
  const toOngoingSession = (s: OngoingSessionRow): OngoingSession => ({
    id: s.id,
    transactionId: s.transaction_id,
    connectorId: s.connector_id,
    startTime: s.start_time.toISOString(),
    energyWh: Math.max(0, (s.energy_wh ?? s.meter_start_wh) - s.meter_start_wh),
    closable: closableByHand({
      charger: row,
      connector: connectors.find((c) => c.connector_id === s.connector_id),
      session: s,
    }),
  });
  // Readings of an unreachable charger are history, not what flows now.
  const live = row.connected ? sessions : [];
  const phase = (i: 0 | 1 | 2) => sum(live.map((s) => [s.current_l1, s.current_l2, s.current_l3][i] ?? null));
  const [l1, l2, l3] = [phase(0), phase(1), phase(2)];
  return {
    id: row.id,
    stationId: row.station_id,
    productCode: row.product_code,
    alias: row.alias,
    pinHint: row.pin_hint,
    securityProfile: toSecurityProfile(row.security_profile),
    modelName: row.model,
    vendor: row.vendor,
    ratedPowerW: row.rated_power_w,
    chargerType: row.charger_type,
    connectivity: row.connectivity,
    status: row.status,
    errorCode: row.error_code,
    connected: row.connected,
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    firmwareVersion: row.firmware_version,
    newFirmwareVersion: offered?.version ?? null,
    newFirmwareSigned: !!offered?.signing_certificate && !!offered.signature,
    firmwareStatus: row.firmware_status,
    firmwareRequestId: row.firmware_request_id,
    totalCurrentA: sum([l1, l2, l3]),
    currentL1: l1,
    currentL2: l2,
    currentL3: l3,
    capacityL1: row.capacity_l1,
    capacityL2: row.capacity_l2,
    capacityL3: row.capacity_l3,
    // What the connectors of a charger that is not connected last said no longer holds: disconnected.
    connectors: connectors.map((c) => toConnector(row.connected ? c : { ...c, status: 'disconnected' })),
    ongoingSession: first ? toOngoingSession(first) : null,
    ongoingSessions: sessions.map(toOngoingSession),
    createdAt: row.created_at.toISOString(),
  };
}

export const toConnector = (c: Pick<ConnectorRow, 'connector_id' | 'status' | 'error_code'>): Connector => ({
  connectorId: c.connector_id,
  status: c.status,
  errorCode: c.error_code === 'NoError' ? null : c.error_code,
});

/** The column's check keeps it within 1..3. */
const toSecurityProfile = (value: number): SecurityProfile => (value === 3 ? 3 : value === 2 ? 2 : 1);

/** The sum of the values given, rounded to 0.1 A; null when there are none. */
function sum(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  return Math.round(present.reduce((a, b) => a + b, 0) * 10) / 10;
}
