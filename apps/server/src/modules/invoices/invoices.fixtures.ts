import type { Db } from '../../db/client.ts';
import { aStoredSession } from '../sessions/sessions.fixtures.ts';

type Charger = { id: number; station_id: number };

/**
 * A complete session with a stored cost, as the cost engine leaves it: net + VAT = gross, the rate in the breakdown.
 * `group` and `card` name whose session it is (the snapshot taken at its start).
 */
export async function aPricedSession(
  db: Db,
  charger: Charger,
  {
    group,
    card,
    start,
    energyWh = 10_000,
    netMinor = 300,
    vatRateBp = 2100,
    unpriced = false,
    ongoing = false,
  }: {
    group?: number;
    card?: number;
    start: Date | string;
    energyWh?: number;
    netMinor?: number;
    vatRateBp?: number;
    unpriced?: boolean;
    ongoing?: boolean;
  },
) {
  const vatMinor = Math.floor((2 * netMinor * vatRateBp + 10_000) / 20_000);
  return aStoredSession(db, charger, {
    start_time: new Date(start),
    energy_wh: energyWh,
    ...(group !== undefined && { card_group_id: group }),
    ...(card !== undefined && { card_id: card }),
    ...(ongoing && { status: 'ongoing' }),
    ...(!unpriced &&
      !ongoing && {
        cost_net_minor: netMinor,
        cost_vat_minor: vatMinor,
        cost_gross_minor: netMinor + vatMinor,
        cost_breakdown: JSON.stringify({ vatRateBp, netMinor, vatMinor, grossMinor: netMinor + vatMinor }),
      }),
  });
}
