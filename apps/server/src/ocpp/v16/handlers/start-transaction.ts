import type { V16Handler } from '../handler.ts';

// The session is committed before this answer leaves, so the transactionId a charger holds always exists; a
// replayed StartTransaction (same connector, card and timestamp) gets the same transactionId back. The card check
// answered is the one recorded with the session: a charger may have started offline, and charges anyway.
export const startTransaction: V16Handler<'StartTransaction'> = async (params, { charger, sessions }) => {
  const { session, authorization } = await sessions.startSession(charger, {
    connectorId: params.connectorId,
    idTag: params.idTag,
    meterStartWh: params.meterStart,
    startTime: new Date(params.timestamp),
  });
  return {
    transactionId: session.transaction_id,
    idTagInfo: { status: authorization },
  };
};
