import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ExportFormat, sessionExportSchema } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { sessionCosts } from '../tariffs/session-cost.ts';
import { labelsFor } from './export-labels.ts';
import {
  columnKinds,
  csvFile,
  headingKinds,
  nextSheet,
  sheetRows,
  sheetsOf,
  xlsxFile,
} from './export-files.ts';
import { csvLine, sharedStrings, xlsxRow, xlsxStyle } from './export-formats.ts';
import { batchWriter, type ChargerNames, type OngoingFigures } from './export-lines.ts';
import { localClock } from './local-clock.ts';
import { ongoingExtrasOf } from './session-pricing.ts';
import { sessionsExportRepository } from './sessions-export.repository.ts';
import { sessionsHistoryRepository } from './sessions-history.repository.ts';

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
export function sessionsExportService({
  db,
  now,
  sheetLimit = sheetRows,
}: {
  db: Db;
  now: () => Date;
  /** XLSX: rows a sheet holds before the next begins (Excel's limit; tests make it small). */
  sheetLimit?: number;
}) {
  const repo = sessionsHistoryRepository(db);
  const exportRepo = sessionsExportRepository(db);
  const costs = sessionCosts(db);

  return {
    open: async (stationId: number, query: ExportQuery): Promise<SessionsExport> => {
      const { scope, format, pageNum, pageSize, sortBy, sortOrder, language, ...filters } = query;
      const filter = { ...filters, stationId };
      const page = scope === 'page' ? { limit: pageSize, offset: (pageNum - 1) * pageSize } : undefined;
      const [counted, site] = await Promise.all([
        page ? repo.countUpTo(filter, page.offset + page.limit) : repo.count(filter),
        costs.siteTerms(stationId),
      ]);
      const total = page ? Math.max(0, Math.min(page.limit, counted - page.offset)) : counted;
      const timeZone = site?.timeZone ?? 'UTC';
      const clock = localClock(timeZone);
      const labels = labelsFor(language);
      const heading = labels.columns.map((name, i) =>
        columnKinds[i] === 'time' ? `${name} (${timeZone})` : name,
      );

      const currency = site?.currency ?? '';
      // XLSX: the labels are shared strings, numbered as the rows are written.
      const shared = sharedStrings();
      async function* batches(): AsyncGenerator<Buffer | typeof nextSheet> {
        // Ongoing sessions show an estimate, priced before the cursor opens (a query only if any).
        const rows = await exportRepo.ongoing(filter);
        const extras = await ongoingExtrasOf(db, rows, now());
        const ongoing = new Map<number, OngoingFigures>(
          rows.map((row) => {
            const { latestWh, estimate } = extras(row.id);
            const meterWh = Math.round(latestWh ?? row.meter_start_wh);
            const energyWh = Math.max(0, meterWh - Math.round(row.meter_start_wh));
            return [row.id, { energyWh, meterWh, costMinor: estimate?.grossMinor ?? null }];
          }),
        );
        // The site's chargers' names, read with the rows (before the first batch).
        const chargers = new Map<number, ChargerNames>();
        const write = batchWriter({ format, ongoing, labels, clock, currency, chargers, shared });
        const read = exportRepo.batches(filter, { sortBy, sortOrder }, page, currency, chargers);
        // XLSX: a sheet after another, each within Excel's rows.
        for await (const batch of format === 'csv' ? read : sheetsOf(read, sheetLimit))
          yield batch === nextSheet ? batch : write(batch);
      }

      return {
        total,
        fileName: `sessions-${clock.day(now().getTime())}.${format}`,
        contentType: contentTypes[format],
        body:
          format === 'csv'
            ? csvFile(csvLine(heading, headingKinds, clock), batches())
            : xlsxFile(
                xlsxRow(heading, headingKinds, clock, { style: xlsxStyle.heading }),
                batches(),
                shared,
                'Sessions',
              ),
      };
    },
  };
}

export type SessionsExportService = ReturnType<typeof sessionsExportService>;
