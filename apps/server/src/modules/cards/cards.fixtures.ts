import { randomBytes } from 'node:crypto';
import { cardAddSchema, type calls, type Card, type CardAdd, type CardGroup } from '@plugboard/contract';
import { eventWriter } from '../events/events.service.ts';
import type { Db } from '../../db/client.ts';
import { cardGroupsService } from './card-groups.service.ts';
import { cardsService } from './cards.service.ts';

type CallPath = keyof typeof calls;

/** A card ID no other test uses, 8 characters like the form hints. */
export const aCardId = () => randomBytes(4).toString('hex').toUpperCase();

// Card changes announce themselves as the app's do ('cards.changed'): chargers keeping the site's cards hear them.
const deps = (db: Db) => ({ db, now: () => new Date(), events: eventWriter(() => new Date()) });

/** A card of a site, added through the service as the console's add would (default group unless named). */
export async function aCard(
  db: Db,
  stationId: number,
  overrides: Partial<Omit<CardAdd, 'stationId'>> = {},
): Promise<Card> {
  const input = cardAddSchema.parse({ stationId, cardId: aCardId(), holder: 'Jan de Vries', ...overrides });
  return cardsService(deps(db)).add(stationId, input);
}

/** A card group of a site. */
export async function aGroup(
  db: Db,
  stationId: number,
  { name = `Group ${randomBytes(3).toString('hex')}`, multiplier = 100 } = {},
): Promise<CardGroup> {
  return cardGroupsService(deps(db)).add(stationId, { name, multiplier });
}

/** Recycles cards as the console's recycle does. */
export const recycle = (db: Db, stationId: number, ...ids: number[]) =>
  cardsService(deps(db)).recycle(stationId, ids);

type CardCallName =
  Extract<CallPath, `/cms-system/system/card/v2/${string}`> extends `/cms-system/system/card/v2/${infer N}`
    ? N
    : never;
type GroupCallName =
  Extract<
    CallPath,
    `/cms-system/system/cardGroup/v2/${string}`
  > extends `/cms-system/system/cardGroup/v2/${infer N}`
    ? N
    : never;

/** The path of a card call by its last part: `cardCall('group/change')`. */
export const cardCall = <N extends CardCallName>(name: N) => `/cms-system/system/card/v2/${name}` as const;
export const groupCall = <N extends GroupCallName>(name: N) =>
  `/cms-system/system/cardGroup/v2/${name}` as const;
