/**
 * A notification on the events channel, as nodes of this version write it (events.repository.ts `insert`): a head
 * per event (its id, type, site and charger) before the events' JSON, so that a node reads which events it carries
 * without parsing them. Each connection's events reach every node, and most concern no subscriber there: parsing
 * them all was a twelfth of a node's time in a reconnect storm (bench/ocpp README, session 12).
 *
 *     ~<id>,<type>,<stationId>,<chargerId>;<id>,...\n[<event>,...]
 *
 * `chargerId` is empty for an event that names none. The JSON is missing (nothing after the line break) when the
 * event is too large for a notification: a node that wants it reads the table. Older nodes sent the JSON alone (an
 * event, an array, or `{"id": ...}` alone); what a node cannot read as either makes it read the table.
 */
export type EventHead = { id: number; type: string; stationId: number; chargerId: number | undefined };

/** What starts a notification with heads (never JSON's first character). */
export const headsMark = '~';
/** Between the heads and the JSON. */
export const headsEnd = '\n';

/** The heads and the JSON of a notification with heads; undefined for an older form (JSON alone). */
export function readNotice(text: string): { heads: EventHead[]; json: string } | undefined {
  if (!text.startsWith(headsMark)) return undefined;
  const end = text.indexOf(headsEnd);
  if (end < 0) return undefined;
  const heads: EventHead[] = [];
  for (const head of text.slice(headsMark.length, end).split(';')) {
    const [id, type = '', stationId, chargerId] = head.split(',');
    heads.push({
      id: Number(id),
      type,
      stationId: Number(stationId),
      chargerId: chargerId ? Number(chargerId) : undefined,
    });
  }
  if (heads.some((h) => !Number.isSafeInteger(h.id))) return undefined;
  return { heads, json: text.slice(end + headsEnd.length) };
}
