import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { chargingReportMail } from './charging-report-mail.ts';
import { chargingReportRepository } from './charging-report.repository.ts';

export type ChargingReportDeps = { db: Db; mailer: Pick<Mailer, 'send'>; now: () => Date };

/**
 * The charging report: after a session completes, the card that started it, if subscribed and with an e-mail,
 * gets a short summary in the site owner's language. Each session's report goes out once (`report_sent_at`),
 * however many times its stop is told (replays, a late stop correcting a session the server closed).
 */
export function chargingReportService({ db, mailer, now }: ChargingReportDeps) {
  const repo = chargingReportRepository(db);
  return {
    /** Sends the report of a completed session if it has one due; true when a mail went out. */
    send: async (sessionId: number): Promise<boolean> => {
      const facts = await repo.claim(sessionId, now());
      if (!facts) return false;
      const mail = chargingReportMail({
        language: facts.language,
        timeZone: facts.time_zone,
        // A session recorded from a stop of a transaction never started may lack the alias, never the code.
        chargerAlias: facts.charger_alias || facts.product_code,
        cardId: facts.card_id,
        siteName: facts.site_name,
        start: facts.start_time,
        end: facts.end_time ?? facts.start_time,
        energyWh: Number(facts.energy_wh ?? 0),
        costMinor: facts.cost_gross_minor === null ? null : Number(facts.cost_gross_minor),
        currency: facts.currency || facts.site_currency,
      });
      try {
        await mailer.send({ to: facts.email, ...mail });
      } catch (error) {
        await repo.release(sessionId);
        throw error;
      }
      return true;
    },
  };
}

export type ChargingReportService = ReturnType<typeof chargingReportService>;

/**
 * Sends the report when a session stops ('session.stopped' is published after the commit, with the cost stored).
 * The charger's answer never waits for the mail; `drain` waits for the reports under way (the app's close).
 */
export function sendReportsOnStop({
  events,
  reports,
  log,
}: {
  events: EventBus;
  reports: ChargingReportService;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const pending = new Set<Promise<unknown>>();
  const unsubscribe = events.subscribe('session.stopped', ({ sessionId }) => {
    const work = reports
      .send(sessionId)
      .catch((error: unknown) => log.error({ err: error, sessionId }, 'charging report failed'));
    pending.add(work);
    void work.finally(() => pending.delete(work));
  });
  return {
    drain: async () => {
      unsubscribe();
      await Promise.allSettled([...pending]);
    },
  };
}
