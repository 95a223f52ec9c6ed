import type { PricedSession, SessionCosts } from '../tariffs/session-cost.ts';
import type { OngoingExtras } from './session-item.ts';

/**
 * What the ongoing sessions among `rows` add to their row: the newest register and a cost estimate up to `now`.
 * Costs one query for the lot, none when nothing is ongoing.
 */
export async function ongoingExtrasOf(
  costs: SessionCosts,
  rows: (PricedSession & { status: string })[],
  now: Date,
): Promise<(id: number) => OngoingExtras> {
  const ongoing = rows.filter((r) => r.status === 'ongoing');
  if (ongoing.length === 0) return () => ({});
  const { latest, estimates } = await costs.ongoing(ongoing, now);
  return (id) => ({ latestWh: latest.get(id)?.energyWh, estimate: estimates.get(id) });
}
