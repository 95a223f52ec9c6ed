import {
  codes,
  cardIdRecycledMessage,
  cardMissingMessage,
  errorMessages,
  groupMissingMessage,
  reportNeedsEmailMessage,
  type Card,
  type CardList,
  type CardUpdate,
} from '@plugboard/contract';
import type { Db, Trx } from '../../db/client.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import { toCard } from './card-answers.ts';
import { cardGroupsRepository } from './card-groups.repository.ts';
import { ensureDefault } from './card-groups.service.ts';
import { cardsRepository, type CardFilter, type CardsRepository, type NewCard } from './cards.repository.ts';

export type CardsDeps = {
  db: Db;
  now: () => Date;
  /** 'cards.changed' in the change's transaction: chargers keeping the site's cards are told (modules/local-list). */
  events?: Pick<EventBus, 'append'>;
};

export type CardInput = {
  cardId: string;
  holder: string;
  groupId?: number | undefined;
  email: string;
  subscribeReport: boolean;
};

/**
 * RFID cards of a site. A card is never deleted: recycled, it answers Blocked at the chargers and its sessions keep
 * pointing at it; restored, it is active again. A card or group of another site answers like a missing one (1039).
 */
export function cardsService({ db, now, events }: CardsDeps) {
  const repo = cardsRepository(db);
  const groups = cardGroupsRepository(db);
  const announce = async (trx: Trx, stationId: number) => {
    await events?.append(trx, 'cards.changed', { stationId });
  };

  const card = async (stationId: number, id: number): Promise<Card> => {
    const row = await repo.find(stationId, id);
    if (!row) throw new AppError(codes.operationFailed, cardMissingMessage);
    return toCard(row);
  };
  const assertGroup = async (stationId: number, groupId: number) => {
    if (!(await groups.find(stationId, groupId)))
      throw new AppError(codes.operationFailed, groupMissingMessage);
  };
  /** 11001, saying so when the card ID is a recycled card's (the operator restores that one instead). */
  const translateCardError = async (stationId: number, cardId: string, error: unknown): Promise<never> => {
    const e = error as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'cards_station_card_id_key') {
      const existing = await repo.findByCardId(stationId, cardId);
      throw new AppError(
        codes.cardIdTaken,
        existing?.status === 'recycled' ? cardIdRecycledMessage : errorMessages[codes.cardIdTaken],
      );
    }
    if (e.code === '23503') throw new AppError(codes.operationFailed, groupMissingMessage);
    throw error;
  };

  /** Applies `values` to every card of the selection, or to none when one is no card of the site. */
  const changeMany = (
    stationId: number,
    ids: number[],
    change: (tx: CardsRepository, ids: number[]) => Promise<void>,
  ) =>
    db.transaction().execute(async (trx) => {
      const tx = cardsRepository(trx);
      const unique = [...new Set(ids)];
      if ((await tx.lockMany(stationId, unique)) !== unique.length) {
        throw new AppError(codes.operationFailed, cardMissingMessage);
      }
      await change(tx, unique);
      await announce(trx, stationId);
    });

  return {
    list: async (
      stationId: number,
      { pageNum, pageSize, ...filter }: CardFilter & { pageNum: number; pageSize: number },
    ): Promise<CardList> => {
      const [rows, total] = await Promise.all([
        repo.page(stationId, filter, pageSize, (pageNum - 1) * pageSize),
        repo.count(stationId, filter),
      ]);
      return { list: rows.map(toCard), total, pageNum, pageSize };
    },

    /** Every card of the filter, in the list's order. */
    export: async (stationId: number, filter: CardFilter): Promise<Card[]> =>
      (await repo.all(stationId, filter)).map(toCard),

    /** The cards of the site among `ids`, in that order; ids of another site's cards or of none are left out. */
    findMany: async (stationId: number, ids: number[]): Promise<Card[]> => {
      const rows = await Promise.all(ids.map((id) => repo.find(stationId, id)));
      return rows.flatMap((row) => (row ? [toCard(row)] : []));
    },

    /** A card ID already in the site, active or recycled, is 11001; without a group it goes to the default. */
    add: async (stationId: number, input: CardInput): Promise<Card> => {
      assertReportHasEmail(input.email, input.subscribeReport);
      const groupId = input.groupId ?? (await ensureDefault(groups, stationId)).id;
      if (input.groupId !== undefined) await assertGroup(stationId, input.groupId);
      const values: NewCard = {
        card_id: input.cardId,
        holder: input.holder,
        group_id: groupId,
        email: input.email,
        subscribe_report: input.subscribeReport,
      };
      const { id } = await db
        .transaction()
        .execute(async (trx) => {
          const row = await cardsRepository(trx).insert(stationId, values, now());
          await announce(trx, stationId);
          return row;
        })
        .catch((error: unknown) => translateCardError(stationId, input.cardId, error));
      return card(stationId, id);
    },

    /** Changes the fields given; the card as changed must still have an e-mail if it subscribes (4129). */
    update: async (stationId: number, patch: Omit<CardUpdate, 'stationId'>): Promise<Card> => {
      await db
        .transaction()
        .execute(async (trx) => {
          const tx = cardsRepository(trx);
          const stored = await tx.lock(stationId, patch.id);
          if (!stored) throw new AppError(codes.operationFailed, cardMissingMessage);
          assertReportHasEmail(patch.email ?? stored.email, patch.subscribeReport ?? stored.subscribe_report);
          if (
            patch.groupId !== undefined &&
            !(await cardGroupsRepository(trx).find(stationId, patch.groupId))
          ) {
            throw new AppError(codes.operationFailed, groupMissingMessage);
          }
          await tx.update(stationId, patch.id, {
            ...(patch.cardId !== undefined && { card_id: patch.cardId }),
            ...(patch.holder !== undefined && { holder: patch.holder }),
            ...(patch.groupId !== undefined && { group_id: patch.groupId }),
            ...(patch.email !== undefined && { email: patch.email }),
            ...(patch.subscribeReport !== undefined && { subscribe_report: patch.subscribeReport }),
            updated_at: now(),
          });
          if (patch.cardId !== undefined) await announce(trx, stationId);
        })
        .catch((error: unknown) => translateCardError(stationId, patch.cardId ?? '', error));
      return card(stationId, patch.id);
    },

    /** Recycled cards answer Blocked at the chargers. */
    recycle: (stationId: number, ids: number[]): Promise<void> =>
      changeMany(stationId, ids, (tx, unique) => tx.recycleMany(stationId, unique, now())),

    restore: (stationId: number, ids: number[]): Promise<void> =>
      changeMany(stationId, ids, (tx, unique) =>
        tx.updateMany(stationId, unique, { status: 'active', recycled_at: null, updated_at: now() }),
      ),

    changeGroup: async (stationId: number, ids: number[], groupId: number): Promise<void> => {
      await assertGroup(stationId, groupId);
      await changeMany(stationId, ids, (tx, unique) =>
        tx.updateMany(stationId, unique, { group_id: groupId, updated_at: now() }),
      ).catch((error: unknown) => {
        // The group was deleted meanwhile.
        if ((error as { code?: string }).code === '23503')
          throw new AppError(codes.operationFailed, groupMissingMessage);
        throw error;
      });
    },
  };
}

export type CardsService = ReturnType<typeof cardsService>;

export function assertReportHasEmail(email: string, subscribeReport: boolean): void {
  if (subscribeReport && email === '') throw new AppError(codes.invalidInput, reportNeedsEmailMessage);
}
