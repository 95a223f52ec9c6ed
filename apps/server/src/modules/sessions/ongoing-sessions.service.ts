import type { Db } from '../../db/client.ts';
import type { Expression } from 'kysely';
import {
  ongoingFromJson,
  sessionsRepository,
  type OngoingSessionJson,
  type OngoingSessionRow,
} from './sessions.repository.ts';

export type { OngoingSessionJson, OngoingSessionRow };

/**
 * What other modules ask of the sessions under way: the chargers' list shows them with their newest readings, a
 * charger with one may not be deleted. Built on a transaction, its reads belong to it.
 */
export function ongoingSessions(db: Db) {
  const repo = sessionsRepository(db);
  return {
    /** Ongoing sessions of those chargers, the earliest first, with the connector's newest readings since start. */
    withReadings: (chargerIds: number[]): Promise<OngoingSessionRow[]> =>
      repo.ongoingWithReadings(chargerIds),

    /**
     * The same for one charger as a SQL expression another module's query selects (`chargerId`: its column), so
     * its list needs no second round trip; `fromJson` reads each element back.
     */
    withReadingsJson: (chargerId: Expression<number>) => repo.ongoingWithReadingsJson(chargerId),
    fromJson: ongoingFromJson,

    /** The newest power reading of each ongoing session of those chargers (the display board's tiles). */
    powerOf: (chargerIds: number[]) => repo.ongoingPower(chargerIds),

    anyOnCharger: (chargerId: number): Promise<boolean> => repo.hasOngoing(chargerId),
  };
}
