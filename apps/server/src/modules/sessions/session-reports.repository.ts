import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** What the report of one session says, and where and in which language it goes. */
export type ReportFacts = {
  session_id: number;
  charger_alias: string;
  product_code: string;
  start_time: Date;
  end_time: Date | null;
  energy_wh: number | null;
  cost_gross_minor: number | null;
  currency: string;
  card_id: string;
  email: string;
  site_name: string;
  time_zone: string;
  site_currency: string;
  language: string;
};

/** Whether a session's charging report went out (`report_sent_at`), and what the report says. */
export function sessionReportsRepository(db: Db) {
  return {
    /**
     * Marks the report of a complete session as sent and returns what it says, in one statement; undefined when
     * there is none to send (not complete, sent before, no card, card not subscribed or without an e-mail). Two
     * stops of the same session at once (a replay, a late stop after the server closed it) claim it once.
     */
    claim: async (sessionId: number, at: Date): Promise<ReportFacts | undefined> => {
      const result = await sql<ReportFacts>`
        update charging_sessions s set report_sent_at = ${at}
        from cards c, sites st, users u
        where s.id = ${sessionId} and s.status = 'complete' and s.report_sent_at is null
          and c.id = s.card_id and c.subscribe_report and c.email <> ''
          and st.id = s.station_id and u.id = st.user_id
        returning s.id as session_id, s.charger_alias, s.product_code, s.start_time, s.end_time, s.energy_wh, s.cost_gross_minor,
          s.currency, c.card_id, c.email, st.name as site_name, st.time_zone, st.currency as site_currency,
          u.language`.execute(db);
      return result.rows[0];
    },
  };
}
