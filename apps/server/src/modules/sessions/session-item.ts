import type { Breakdown } from '@plugboard/pricing';
import {
  authorizationStatuses,
  startBySources,
  type AuthorizationStatus,
  type SessionItem,
  type StartBy,
} from '@plugboard/contract';
import { minorDigits } from '../tariffs/tariff-units.ts';
import type { SessionRow } from './sessions-history.repository.ts';

/** What is known of an ongoing session beyond its row: its newest register and a cost estimate. */
export type OngoingExtras = { latestWh?: number | undefined; estimate?: Breakdown | undefined };

const startBys = new Set<string>(startBySources);
const authorizations = new Set<string>(authorizationStatuses);
const kwh = (wh: number) => Math.round(wh) / 1000;

/** A stored start-by source as the contract names it ('unknown' for anything else). */
export const startByOf = (value: string): StartBy => (startBys.has(value) ? (value as StartBy) : 'unknown');
export const authorizationOf = (value: string): AuthorizationStatus =>
  authorizations.has(value) ? (value as AuthorizationStatus) : 'Accepted';

type FigureFields = Pick<
  SessionRow,
  'status' | 'meter_start_wh' | 'meter_stop_wh' | 'energy_wh' | 'cost_gross_minor' | 'currency'
>;

/**
 * The figures the list and the export show: energy and the newest register (kWh, 3 decimals), and the gross cost
 * in major units. An ongoing session counts up to its newest reading and shows an estimate; no tariff: null cost.
 */
export function sessionFigures(row: FigureFields, extras: OngoingExtras) {
  const ongoing = row.status === 'ongoing';
  const register = ongoing
    ? (extras.latestWh ?? row.meter_start_wh)
    : (row.meter_stop_wh ?? row.meter_start_wh);
  const energyWh = ongoing ? Math.max(0, register - row.meter_start_wh) : (row.energy_wh ?? 0);
  const grossMinor = ongoing ? extras.estimate?.grossMinor : row.cost_gross_minor;
  return {
    energyKwh: kwh(energyWh),
    meterValue: kwh(register),
    cost:
      grossMinor === undefined || grossMinor === null ? null : grossMinor / 10 ** minorDigits(row.currency),
  };
}

/** A stored session as the list shows it. */
export function toSessionItem(row: SessionRow, extras: OngoingExtras = {}): SessionItem {
  return {
    orderNo: row.id,
    chargerId: row.charger_id,
    chargerAlias: row.charger_alias,
    productCode: row.product_code,
    connectorId: row.connector_id,
    startBy: startByOf(row.start_by),
    cardId: row.id_tag,
    cardGroupName: row.card_group_name,
    startTime: row.start_time.toISOString(),
    endTime: row.end_time?.toISOString() ?? null,
    ...sessionFigures(row, extras),
    currency: row.currency,
    status: row.status,
    authorization: authorizationOf(row.authorization),
  };
}
