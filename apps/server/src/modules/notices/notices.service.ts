import {
  codes,
  errorMessages,
  noticeKinds,
  noticeLimits,
  noticeTextLength,
  type NoticeKind,
  type Notices,
  type NoticeSave,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { cleanNoticeHtml } from './clean-html.ts';
import { noticesRepository } from './notices.repository.ts';

export type NoticesDeps = {
  db: Db;
  now: () => Date;
  /** Where a save is announced (`notice.changed`, in the save's transaction); readers only need none. */
  events?: Pick<EventBus, 'append'>;
};

/**
 * A site's texts from the rich-text editor. Others read them here: the display board its notice, invoices their
 * footer (`getSiteTexts`). What is stored has been cleaned, so readers may render it as it is.
 */
export function noticesService({ db, now, events }: NoticesDeps) {
  const repo = noticesRepository(db);

  const getSiteTexts = async (stationId: number): Promise<Notices> => {
    const rows = await repo.ofSite(stationId);
    const html = (kind: NoticeKind) => rows.find((r) => r.kind === kind)?.html ?? '';
    const newest = rows.reduce<Date | null>((a, r) => (a && a > r.updated_at ? a : r.updated_at), null);
    return {
      display: html('display'),
      invoiceFooter: html('invoiceFooter'),
      updatedAt: newest?.toISOString() ?? null,
    };
  };

  return {
    getSiteTexts,

    /** Cleans and stores the texts given (the others stay); answers the site's texts as stored. */
    save: async (stationId: number, input: Omit<NoticeSave, 'stationId'>): Promise<Notices> => {
      const at = now();
      const cleaned: [NoticeKind, string][] = [];
      for (const kind of noticeKinds) {
        const given = input[kind];
        if (given === undefined) continue;
        const html = cleanNoticeHtml(given);
        // The contract counted the text as sent; cleaning only removes, but the stored text is what counts.
        if (noticeTextLength(html) > noticeLimits.textMax) {
          throw new AppError(codes.invalidInput, `${errorMessages[codes.invalidInput]}: ${kind}: too long`);
        }
        cleaned.push([kind, html]);
      }
      await db.transaction().execute(async (trx) => {
        for (const [kind, html] of cleaned) await noticesRepository(trx).put(stationId, kind, html, at);
        if (events && cleaned.length > 0)
          await events.append(trx, 'notice.changed', ...cleaned.map(([kind]) => ({ stationId, kind })));
      });
      return getSiteTexts(stationId);
    },
  };
}

export type NoticesService = ReturnType<typeof noticesService>;
