import {
  codes,
  defaultGroupUndeletableMessage,
  groupHasCardsMessage,
  groupMissingMessage,
  groupNameTakenMessage,
  type CardGroup,
  type CardGroupAdd,
  type CardGroupDelete,
  type CardGroupUpdate,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCardGroup, toMultiplierBp } from './card-answers.ts';
import {
  cardGroupsRepository,
  type CardGroupRow,
  type CardGroupsRepository,
} from './card-groups.repository.ts';

export type CardGroupsDeps = { db: Db; now: () => Date };

/**
 * Card groups of a site. Every site has exactly one default group, made on first use (new cards go there; it
 * cannot be deleted). A group of another site answers like a missing one (1039).
 */
export function cardGroupsService({ db, now }: CardGroupsDeps) {
  const repo = cardGroupsRepository(db);

  const view = async (stationId: number, id: number): Promise<CardGroup> => {
    const row = await repo.findView(stationId, id);
    if (!row) throw new AppError(codes.operationFailed, groupMissingMessage);
    return toCardGroup(row);
  };

  return {
    ensureDefault: (stationId: number) => ensureDefault(repo, stationId),

    list: async (stationId: number): Promise<CardGroup[]> => {
      await ensureDefault(repo, stationId);
      return (await repo.list(stationId)).map(toCardGroup);
    },

    add: async (
      stationId: number,
      { name, multiplier }: Omit<CardGroupAdd, 'stationId'>,
    ): Promise<CardGroup> => {
      await ensureDefault(repo, stationId);
      const { id } = await repo
        .insert(stationId, { name, multiplier_bp: toMultiplierBp(multiplier) }, now())
        .catch(translateGroupError);
      return view(stationId, id);
    },

    /** Renames, re-prices, or makes the group the site's default (the old default stops being it). */
    update: async (stationId: number, patch: Omit<CardGroupUpdate, 'stationId'>): Promise<CardGroup> => {
      await db
        .transaction()
        .execute(async (trx) => {
          const tx = cardGroupsRepository(trx);
          const group = await ownGroup(tx.findForUpdate(stationId, patch.id));
          const at = now();
          if (patch.isDefault && !group.is_default) await tx.clearDefault(stationId, at);
          await tx.update(stationId, group.id, {
            ...(patch.name !== undefined && { name: patch.name }),
            ...(patch.multiplier !== undefined && { multiplier_bp: toMultiplierBp(patch.multiplier) }),
            ...(patch.isDefault && { is_default: true }),
            updated_at: at,
          });
        })
        .catch(translateGroupError);
      return view(stationId, patch.id);
    },

    /**
     * Deletes a group that is not the default. Its cards (active and recycled) go to `moveCardsTo`, which the
     * delete must name when there are any. Sessions keep the group's name as it was when they started.
     */
    remove: (stationId: number, { id, moveCardsTo }: Omit<CardGroupDelete, 'stationId'>): Promise<void> =>
      db
        .transaction()
        .execute(async (trx) => {
          const tx = cardGroupsRepository(trx);
          const group = await ownGroup(tx.findForUpdate(stationId, id));
          if (group.is_default) throw new AppError(codes.operationFailed, defaultGroupUndeletableMessage);
          if (moveCardsTo === id) throw new AppError(codes.operationFailed, groupHasCardsMessage);
          if (moveCardsTo !== undefined) await ownGroup(tx.find(stationId, moveCardsTo));
          if ((await tx.cardCount(id)) > 0) {
            if (moveCardsTo === undefined) throw new AppError(codes.operationFailed, groupHasCardsMessage);
            await tx.moveCards(id, moveCardsTo, now());
          }
          await tx.delete(stationId, id);
        })
        .catch(translateGroupError),
  };
}

export type CardGroupsService = ReturnType<typeof cardGroupsService>;

/** The site's default group; made now if the site has none yet. */
export async function ensureDefault(repo: CardGroupsRepository, stationId: number): Promise<CardGroupRow> {
  const found = await repo.findDefault(stationId);
  if (found) return found;
  await repo.insertDefault(stationId);
  const made = await repo.findDefault(stationId);
  if (!made) throw new Error(`site ${stationId}: the default card group could not be made`);
  return made;
}

async function ownGroup(row: Promise<CardGroupRow | undefined>): Promise<CardGroupRow> {
  const found = await row;
  if (!found) throw new AppError(codes.operationFailed, groupMissingMessage);
  return found;
}

/** A taken name, or a group deleted meanwhile (the foreign key of a card moved into it). */
function translateGroupError(error: unknown): never {
  const e = error as { code?: string; constraint?: string };
  if (e.code === '23505' && e.constraint === 'card_groups_station_name_key') {
    throw new AppError(codes.operationFailed, groupNameTakenMessage);
  }
  if (e.code === '23503') throw new AppError(codes.operationFailed, groupMissingMessage);
  throw error;
}
