import type { V16Handler } from '../handler.ts';
import { endedEvent } from '../transaction-events.ts';

// Accepted even for a transaction this server does not know (OCPP 1.6 sections 4.8 and 4.10): the charger would
// otherwise keep the message in its queue and retry it forever. The core records and flags such a stop.
export const stopTransaction: V16Handler<'StopTransaction'> = async (params, { charger, sessions }) => {
  const session = await sessions.end(charger, endedEvent(params));
  return params.idTag
    ? { idTagInfo: { status: await sessions.authorizeIdTag(charger, params.idTag, session) } }
    : {};
};
