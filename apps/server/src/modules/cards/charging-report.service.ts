import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventEnvelope } from '../../lib/event-bus.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { EventsService } from '../events/events.service.ts';
import { chargingReportMail } from './charging-report-mail.ts';
import { sessionReports, type ReportFacts } from '../sessions/session-reports.service.ts';

export type ChargingReportDeps = {
  db: Db;
  mailer: Pick<Mailer, 'record'>;
  events: Pick<EventsService, 'claim'>;
  now: () => Date;
};

/** The name the report claims the stop events it handled under (processed_events). */
const consumer = 'charging-report';

/**
 * The charging report: after a session completes, the card that started it, if subscribed and with an e-mail,
 * gets a short summary in the site owner's language. Every node hears a stop; one handles it, the one whose claim
 * of the event commits with the mail's outbox row. Each session's report goes out once (`report_sent_at`), however
 * many times its stop is told (replays, a late stop correcting a session the server closed).
 */
export function chargingReportService({ db, mailer, events, now }: ChargingReportDeps) {
  return {
    /** Sends the report a stop made due, unless that stop was handled before; true when a mail was recorded. */
    handleStop: async (event: EventEnvelope<'session.stopped'>): Promise<boolean> => {
      const { sessionId } = event.payload;
      const mail = await db.transaction().execute(async (trx) => {
        if (!(await events.claim(trx, consumer, event))) return undefined;
        const facts = await sessionReports(trx).claim(sessionId, now());
        return facts && mailer.record(trx, { to: facts.email, ...reportOf(facts), retry: true });
      });
      if (!mail) return false;
      // A failed send stays in the outbox, where the mailer's retry (on any node) sends it: the session stays
      // claimed, so that no later stop records a second report.
      await mail.deliver();
      return true;
    },
  };
}

function reportOf(facts: ReportFacts) {
  return chargingReportMail({
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
}

export type ChargingReportService = ReturnType<typeof chargingReportService>;

/**
 * Sends the report when a session stops ('session.stopped' is written with the stop, the cost stored), and, at
 * start, for the stops no node has handled (all were down, or the mail's transaction failed). The charger's answer
 * never waits for the mail; `drain` waits for the reports under way (the app's close), `caughtUp` for the start's.
 */
export function sendReportsOnStop({
  events,
  reports,
  log,
}: {
  events: Pick<EventsService, 'subscribe' | 'unprocessed'>;
  reports: ChargingReportService;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const pending = new Set<Promise<unknown>>();
  let draining = false;
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const handle = (event: EventEnvelope<'session.stopped'>) =>
    reports
      .handleStop(event)
      .catch((error: unknown) =>
        log.error({ err: error, sessionId: event.payload.sessionId }, 'charging report failed'),
      );

  const unsubscribe = events.subscribe('session.stopped', (_payload, event) => track(handle(event)));
  const caughtUp = (async () => {
    for await (const event of events.unprocessed(consumer, 'session.stopped')) {
      if (draining) return;
      await handle(event);
    }
  })().catch((error: unknown) => log.error({ err: error }, 'charging report: catching up failed'));
  track(caughtUp);
  return {
    caughtUp,
    drain: async () => {
      draining = true;
      unsubscribe();
      await Promise.allSettled([...pending]);
    },
  };
}
