import { codes, errorMessages, type CardImportResult } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import { cardGroupsRepository } from './card-groups.repository.ts';
import { ensureDefault } from './card-groups.service.ts';
import { checkImportRows, type ImportRow } from './card-import-check.ts';
import { cardsRepository } from './cards.repository.ts';

export type CardImportDeps = { db: Db; now: () => Date; events?: Pick<EventBus, 'append'> };

/**
 * Imports a CSV file's rows all or nothing. The rows are checked inside the transaction that inserts them (one
 * statement for all), so what the check saw is what the insert meets; a dry run stops after the check.
 */
export function cardImportService({ db, now, events }: CardImportDeps) {
  return {
    import: async (
      stationId: number,
      { dryRun, rows }: { dryRun: boolean; rows: ImportRow[] },
    ): Promise<CardImportResult> => {
      const defaultGroup = await ensureDefault(cardGroupsRepository(db), stationId);
      return db
        .transaction()
        .execute(async (trx) => {
          const tx = cardsRepository(trx);
          const groups = await cardGroupsRepository(trx).all(stationId);
          const existing = await tx.existingCardIds(stationId, [
            ...new Set(rows.map((r) => r.cardId.trim().toLowerCase())),
          ]);
          const { errors, cards } = checkImportRows(rows, {
            groupIds: new Map(groups.map((g) => [g.name.toLowerCase(), g.id])),
            defaultGroupId: defaultGroup.id,
            existing,
          });
          const total = rows.length;
          if (dryRun || errors.length > 0) return { total, imported: 0, errors };
          const imported = await tx.insertMany(stationId, cards, now());
          if (imported > 0) await events?.append(trx, 'cards.changed', { stationId });
          return { total, imported, errors };
        })
        .catch((error: unknown) => {
          // A card added or a group deleted by someone else between the check and the insert.
          const code = (error as { code?: string }).code;
          if (code === '23505') throw new AppError(codes.cardIdTaken, errorMessages[codes.cardIdTaken]);
          if (code === '23503') throw new AppError(codes.dataChanged);
          throw error;
        });
    },
  };
}

export type CardImportService = ReturnType<typeof cardImportService>;
