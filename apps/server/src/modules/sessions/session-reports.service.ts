import type { Db } from '../../db/client.ts';
import { sessionReportsRepository, type ReportFacts } from './session-reports.repository.ts';

export type { ReportFacts };

/**
 * A session's charging report, as the cards module sends it: claimed once per session (`report_sent_at`), with
 * what it says. Built on the transaction that records the mail, the claim commits with it.
 */
export function sessionReports(db: Db) {
  const repo = sessionReportsRepository(db);
  return {
    /**
     * Marks the report of a complete session as sent and returns what it says; undefined when there is none to
     * send (not complete, sent before, no card, card not subscribed or without an e-mail).
     */
    claim: (sessionId: number, at: Date): Promise<ReportFacts | undefined> => repo.claim(sessionId, at),
  };
}
