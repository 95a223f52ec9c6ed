import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  authorizationStatuses,
  startBySources,
  type ExportFormat,
  type sessionExportSchema,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { sessionCosts } from '../tariffs/session-cost.ts';
import { minorDigits } from '../tariffs/tariff-units.ts';
import { tariffsRepository } from '../tariffs/tariffs.repository.ts';
import { labelsFor } from './export-labels.ts';
import { columnKinds, csvFile, headingKinds, xlsxFile } from './export-files.ts';
import { csvLine, sharedStrings, xlsxRow, xlsxStyle, type Cell } from './export-formats.ts';
import { csvLineSql, xlsxRowSql, type LineWords } from './export-lines.ts';
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

      // The database writes the lines of complete sessions in the site's currency (export-lines.ts); Node writes
      // the rest, the same way (export-formats.ts). XLSX: the labels are shared strings, numbered before the rows.
      const shared = sharedStrings();
      const currency = site?.currency ?? '';
      const words = (word: (text: string) => string): LineWords => ({
        divisor: 10 ** minorDigits(currency),
        startByKeys: [...startBySources],
        startBy: startBySources.map((key) => word(labels.startBy[key])),
        unknownStartBy: word(labels.startBy.unknown),
        complete: word(labels.status.complete),
        currency: word(currency),
        authorizationKeys: [...authorizationStatuses],
        authorization: authorizationStatuses.map(word),
        accepted: word('Accepted'),
      });
      const csv = format === 'csv';
      const line = csv
        ? csvLineSql(words((text) => text))
        : xlsxRowSql(words((text) => String(shared.ref(text))));
      // The times between the database's head and tail of a line (export-lines.ts), as lineOf writes them.
      const times = csv
        ? (start: number, end: number | null) =>
            `${clock.format(start)},${end === null ? '' : clock.format(end)}`
        : (start: number, end: number | null) =>
            `<c s="${xlsxStyle.dateTime}"><v>${clock.excelSerial(start)}</v></c>` +
            (end === null ? '<c/>' : `<c s="${xlsxStyle.dateTime}"><v>${clock.excelSerial(end)}</v></c>`);
      const lineOf = csv
        ? (cells: Cell[]) => csvLine(cells, columnKinds, clock)
        : (cells: Cell[]) => xlsxRow(cells, columnKinds, clock, { shared });

      /** Lines written in Node, with the estimates of ongoing sessions (a query only if any). */
      const linesOf = async (rows: ExportRow[]): Promise<Map<number, string>> => {
        const ongoing = rows.filter((r) => r.status === 'ongoing');
        const pricing = ongoing.length === 0 ? [] : await exportRepo.pricingOf(ongoing.map((r) => r.id));
        const priced = ongoing.flatMap((r) => {
          const known = pricing.find((p) => p.id === r.id);
          return known ? [{ ...r, ...known }] : [];
        });
        const extras = await ongoingExtrasOf(costs, priced, now());
        return new Map(rows.map((row) => [row.id, lineOf(toCells(row, extras(row.id)))]));
      };

      async function* batches(): AsyncGenerator<string[]> {
        const terms = { currency, line };
        const ongoing = await linesOf(await exportRepo.ongoing(filter, terms));
        const rows = exportRepo.lines(filter, { sortBy, sortOrder }, page, terms);
        // Left to Node without a query: another currency's complete sessions, and one started since `ongoing`.
        const lineOfLeft = (row: ExportRow) => ongoing.get(row.id) ?? lineOf(toCells(row, {}));
        for await (const batch of batchesReadAhead(rows, exportBatchRows))
          yield batch.map((r) =>
            r.head === null || r.tail === null
              ? lineOfLeft(JSON.parse(r.whole ?? 'null') as ExportRow)
              : r.head + times(r.start_ms, r.end_ms) + r.tail,
          );
      }

      return {
        total,
        fileName: `sessions-${clock.day(now().getTime())}.${format}`,
        contentType: contentTypes[format],
        body: csv
          ? csvFile(csvLine(heading, headingKinds, clock), batches())
          : xlsxFile(xlsxRow(heading, headingKinds, clock, { style: xlsxStyle.heading }), batches(), shared),
      };
    },
  };
}

export type SessionsExportService = ReturnType<typeof sessionsExportService>;
