import type { V16Handler } from '../handler.ts';

// The session is committed before this answer leaves, so the transactionId a charger holds always exists; a
// replayed StartTransaction (same connector, card and timestamp) gets the same transactionId back.
export const startTransaction: V16Handler<'StartTransaction'> = async (params, { charger, sessions }) => {
  const { session } = await sessions.startSession(charger, {
    connectorId: params.connectorId,
    idTag: params.idTag,
    meterStartWh: params.meterStart,
    startTime: new Date(params.timestamp),
  });
  return {
    transactionId: session.transaction_id,
    idTagInfo: { status: await sessions.authorizeIdTag(charger, params.idTag) },
  };
};
