import type { V16Handler } from '../handler.ts';
import { ocpp16TransactionId } from '../transaction-id.ts';
import { startedEvent } from '../transaction-events.ts';

// The session is committed before this answer leaves, so the transactionId a charger holds always exists; a
// replayed StartTransaction (same connector, card and timestamp) gets the same transactionId back (the id drawn for
// the replay goes unused). The card check answered is the one recorded with the session: a charger may have started
// offline, and charges anyway. 1.6 transaction ids are ours, integers (the session's id): the core keeps the digits.
export const startTransaction: V16Handler<'StartTransaction'> = async (params, { charger, sessions }) => {
  const transactionId = await sessions.newTransactionId();
  const { session, authorization } = await sessions.start(charger, startedEvent(params, transactionId), {
    drawn: true,
  });
  return {
    transactionId: ocpp16TransactionId(session.transaction_id),
    idTagInfo: { status: authorization },
  };
};
