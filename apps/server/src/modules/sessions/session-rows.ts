import type { AppEvents } from '../../lib/event-bus.ts';
import type { CardDecision } from '../cards/card-authorization.service.ts';
import type { ChargerIdentity } from '../chargers/chargers.service.ts';
import { withEnergy, type MeterReading } from './meter-readings.ts';
import type { NewMeterValue } from './meter-values.repository.ts';
import type { ChargingSessionRow } from './sessions.repository.ts';

// The rows and events of the sessions core (sessions.service.ts), as pure functions of what it was told.

export function stoppedEvent(s: ChargingSessionRow): AppEvents['session.stopped'] {
  return {
    stationId: s.station_id,
    chargerId: chargerOf(s),
    sessionId: s.id,
    connectorId: s.connector_id,
    endTime: (s.end_time ?? s.start_time).toISOString(),
    energyWh: s.energy_wh ?? 0,
    stopReason: s.stop_reason,
    flags: s.flags,
  };
}

/** A session that starts or stops has its charger: one with an ongoing session cannot be deleted. */
function chargerOf(s: ChargingSessionRow): number {
  if (s.charger_id === null) throw new Error(`session ${s.id} lost its charger while it was being stopped`);
  return s.charger_id;
}

/** What a session keeps of the card its id tag names: the card and its group as they are at the start. */
export function cardSnapshot({ card }: CardDecision) {
  return (
    card && {
      id: card.id,
      groupId: card.group_id,
      groupName: card.group_name,
      multiplierBp: card.multiplier_bp,
    }
  );
}

/** The same, as columns, with the decision. */
export function cardColumns(decision: CardDecision) {
  const card = cardSnapshot(decision);
  return {
    authorization: decision.status,
    card_id: card?.id ?? null,
    card_group_id: card?.groupId ?? null,
    card_group_name: card?.groupName ?? null,
    multiplier_bp: card?.multiplierBp ?? 10_000,
  };
}

/**
 * A session for a stop of a transaction we never started: it began at its first reading (or at its stop), and is
 * flagged 'unknownTransaction'.
 */
export function unknownSession(
  charger: ChargerIdentity,
  stop: { transactionId: string; connectorId: number; idTag: string | null; at: Date; meterStopWh: number },
  readings: MeterReading[],
  now: Date,
) {
  const first = withEnergy(readings, 'earliest');
  return {
    station_id: charger.stationId,
    charger_id: charger.chargerId,
    connector_id: stop.connectorId,
    transaction_id: stop.transactionId,
    id_tag: stop.idTag ?? '',
    start_time: first?.sampledAt ?? stop.at,
    meter_start_wh: first?.energyWh ?? stop.meterStopWh,
    start_by: 'unknown',
    product_code: charger.productCode,
    flags: ['unknownTransaction'],
    created_at: now,
    updated_at: now,
  };
}

export function meterRows(
  charger: ChargerIdentity,
  connectorId: number,
  sessionId: number | null,
  readings: MeterReading[],
): NewMeterValue[] {
  return readings
    .filter((r) => r.energyWh !== null || r.powerW !== null || r.currents.some((c) => c !== null))
    .map((r) => ({
      charger_id: charger.chargerId,
      connector_id: connectorId,
      session_id: sessionId,
      sampled_at: r.sampledAt,
      energy_wh: r.energyWh,
      power_w: r.powerW,
      current_l1: r.currents[0],
      current_l2: r.currents[1],
      current_l3: r.currents[2],
    }));
}
