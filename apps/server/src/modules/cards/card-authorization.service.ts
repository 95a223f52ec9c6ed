import type { Db } from '../../db/client.ts';
import { cardsRepository, type CardForAuthorization } from './cards.repository.ts';

/** What a charger is told about an id tag (OCPP idTagInfo.status) and the card behind it, if any. */
export type CardDecision = {
  status: 'Accepted' | 'Blocked' | 'Invalid';
  card: CardForAuthorization | undefined;
};

/**
 * The card check at a charger: the id tag against the cards of the charger's own site, case-insensitively (OCPP
 * idTags are CiString20). Active -> Accepted, recycled -> Blocked, no card of the site -> Invalid. Pass the
 * transaction's handle to see the cards as that transaction does.
 */
export function cardAuthorization(db: Db) {
  const cards = cardsRepository(db);
  return {
    decide: async (stationId: number, idTag: string): Promise<CardDecision> => {
      const card = await cards.findForAuthorization(stationId, idTag);
      if (!card) return { status: 'Invalid', card };
      return { status: card.status === 'active' ? 'Accepted' : 'Blocked', card };
    },

    /** What `decide` answers for each card of the site, for a list kept on its chargers (local authorization list). */
    list: async (stationId: number): Promise<{ idTag: string; status: 'Accepted' | 'Blocked' }[]> =>
      (await cards.authorizationList(stationId)).map((c) => ({
        idTag: c.card_id,
        status: c.status === 'active' ? 'Accepted' : 'Blocked',
      })),
  };
}
