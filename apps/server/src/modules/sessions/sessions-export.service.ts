import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ExportFormat, sessionExportSchema } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { sessionCosts } from '../tariffs/session-cost.ts';
import { tariffsRepository } from '../tariffs/tariffs.repository.ts';
import { labelsFor } from './export-labels.ts';
import { columnKinds, csvFile, xlsxFile } from './export-files.ts';
import type { Cell } from './export-formats.ts';
import { localClock } from './local-clock.ts';
import { ongoingExtrasOf } from './ongoing-extras.ts';
import { batchesReadAhead } from './read-ahead.ts';
import { authorizationOf, sessionFigures, startByOf, type OngoingExtras } from './session-item.ts';
import { exportBatchRows, sessionsExportRepository, type ExportRow } from './sessions-export.repository.ts';
import { sessionsRepository } from './sessions.repository.ts';

type ExportQuery = Omit<z.output<typeof sessionExportSchema>, 'stationId'>;

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export type SessionsExport = {
  /** Rows the file will hold, announced before the first byte (X-Total-Count). */
  total: number;
  fileName: string;
  contentType: string;
  /** The file, made while it is read: a slow reader holds the database cursor back, memory stays flat. */
  body: Readable;
};

/**
 * The sessions export: the list's filter and order, the page shown or every page, as CSV or XLSX. Rows come from a
 * database cursor in batches and are written as they come; nothing grows with the number of rows.
 */
export function sessionsExportService({ db, now }: { db: Db; now: () => Date }) {
  const repo = sessionsRepository(db);
  const exportRepo = sessionsExportRepository(db);
  const costs = sessionCosts(db);

  return {
    open: async (stationId: number, query: ExportQuery): Promise<SessionsExport> => {
      const { scope, format, pageNum, pageSize, sortBy, sortOrder, language, ...filters } = query;
      const filter = { ...filters, stationId };
      const page = scope === 'page' ? { limit: pageSize, offset: (pageNum - 1) * pageSize } : undefined;
      const [counted, site] = await Promise.all([
        page ? repo.countUpTo(filter, page.offset + page.limit) : repo.count(filter),
        tariffsRepository(db).siteTerms(stationId),
      ]);
      const total = page ? Math.max(0, Math.min(page.limit, counted - page.offset)) : counted;
      const timeZone = site?.timeZone ?? 'UTC';
      const clock = localClock(timeZone);
      const labels = labelsFor(language);
      const heading = labels.columns.map((name, i) =>
        columnKinds[i] === 'time' ? `${name} (${timeZone})` : name,
      );

      const toCells = (row: ExportRow, extras: OngoingExtras): Cell[] => {
        const { energyKwh, meterValue, cost } = sessionFigures(row, extras);
        return [
          row.id,
          row.charger_alias,
          row.product_code,
          row.connector_id,
          labels.startBy[startByOf(row.start_by)],
          row.id_tag,
          row.card_group_name,
          row.start_ms,
          row.end_ms,
          energyKwh,
          cost,
          row.currency,
          labels.status[row.status],
          meterValue,
          authorizationOf(row.authorization),
        ];
      };

      /** The cells of a batch of rows, with the estimates of its ongoing sessions (queries only if it has any). */
      const cellsOf = async (rows: ExportRow[]): Promise<Cell[][]> => {
        const ongoing = rows.filter((r) => r.status === 'ongoing');
        const pricing = ongoing.length === 0 ? [] : await exportRepo.pricingOf(ongoing.map((r) => r.id));
        const priced = ongoing.flatMap((r) => {
          const known = pricing.find((p) => p.id === r.id);
          return known ? [{ ...r, ...known }] : [];
        });
        const extras = await ongoingExtrasOf(costs, priced, now());
        return rows.map((row) => toCells(row, extras(row.id)));
      };

      async function* batches(): AsyncGenerator<Cell[][]> {
        const rows = exportRepo.rows(filter, { sortBy, sortOrder }, page);
        for await (const batch of batchesReadAhead(rows, exportBatchRows)) yield await cellsOf(batch);
      }

      return {
        total,
        fileName: `sessions-${clock.day(now().getTime())}.${format}`,
        contentType: contentTypes[format],
        body: format === 'csv' ? csvFile(heading, batches(), clock) : xlsxFile(heading, batches(), clock),
      };
    },
  };
}

export type SessionsExportService = ReturnType<typeof sessionsExportService>;
