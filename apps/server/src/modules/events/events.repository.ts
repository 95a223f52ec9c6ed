import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { EventEnvelope, EventName } from '../../lib/event-bus.ts';
import { headsEnd, headsMark } from './event-notice.ts';

/** The channel that carries each committed event (or only its head, when too large) to every node. */
export const eventsChannel = 'plugboard_events';
/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const maxNotification = 7900;
/** Events packed into one notification start within this many bytes of its text (so it stays below 7,900). */
const packBytes = 3900;
/** The channel of samples (signals): the notification carries the event itself. */
export const signalsChannel = 'plugboard_signals';

export type NewEvent = Insertable<Database['events']>;
const columns = ['id', 'type', 'version', 'station_id', 'payload', 'occurred_at'] as const;
export type EventRow = Pick<Selectable<Database['events']>, (typeof columns)[number]>;

/** A row as the event that travels; undefined for a version this node does not know (written by a newer one). */
export function envelopeOf(row: EventRow): EventEnvelope | undefined {
  if (row.version !== 1) return undefined;
  return {
    id: String(row.id),
    type: row.type as EventName,
    version: 1,
    occurredAt: row.occurred_at.toISOString(),
    stationId: row.station_id,
    payload: row.payload as EventEnvelope['payload'],
  };
}

/** The events table and the consumers' claims on its rows (processed_events): this module owns both. */
export function eventsRepository(db: Db) {
  return {
    /**
     * Inserts events and NOTIFYs them, in one statement of the caller's transaction: PostgreSQL delivers the
     * notifications at commit, and none after a rollback. A notification carries its events' heads and the events
     * as `envelopeOf` makes them (event-notice.ts), so that listening nodes need not read the table, nor parse what
     * none of their subscribers wants; one too large for a notification carries only its head. The events of one
     * statement (a batch of statuses) share notifications: those whose texts (head and JSON) start within the same
     * `packBytes` (so at most twice that, in id order). Every listening node wakes once per notification, not once
     * per event (bench/ocpp/README.md).
     */
    insert: async (rows: NewEvent[]): Promise<void> => {
      if (rows.length === 0) return;
      const column = <K extends keyof NewEvent>(key: K) => rows.map((r) => r[key]);
      await sql`
        with added as (
          insert into events (type, version, station_id, payload, occurred_at)
          select * from unnest(${column('type')}::text[], ${column('version')}::smallint[],
            ${column('station_id')}::bigint[], ${column('payload')}::jsonb[], ${column('occurred_at')}::timestamptz[])
          returning id, type, version, station_id, payload, occurred_at
        ),
        notice as (
          select id, id || ',' || type || ',' || station_id || ',' || coalesce(payload->>'chargerId', '') as head,
            json_build_object('id', id::text, 'type', type, 'version', version,
            'occurredAt', to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'stationId', station_id, 'payload', payload)::text as text
          from added
        ),
        sized as (
          select id, head, text, octet_length(head) + octet_length(text) + 2 as size,
            coalesce(sum(octet_length(head) + octet_length(text) + 2)
              over (order by id rows between unbounded preceding and 1 preceding), 0) as start
          from notice
        ),
        packs as (
          select case when size > ${packBytes} then -id else floor(start / ${packBytes}) end as pack,
            count(*) as n, min(id) as first, max(size) as size,
            string_agg(head, ';' order by id) as heads, string_agg(text, ',' order by id) as texts
          from sized group by 1
        )
        select pg_notify(${eventsChannel}, ${headsMark}::text || heads || ${headsEnd}::text ||
            case when n > 1 or size + 2 <= ${maxNotification} then '[' || texts || ']' else '' end) as notified
        from (select * from packs order by first) p`.execute(db);
    },

    /** Events after `after`, and those of the ids in `gaps` that have committed since, in id order. */
    read: (after: number, gaps: number[], limit: number): Promise<EventRow[]> =>
      db
        .selectFrom('events')
        .select(columns)
        .where((eb) =>
          gaps.length === 0
            ? eb('id', '>', after)
            : eb.or([eb('id', '>', after), eb('id', '=', sql<number>`any(${gaps}::bigint[])`)]),
        )
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** The highest id committed, and the ids present among the `window` ids before it. */
    tail: async (window: number): Promise<{ last: number; present: number[] }> => {
      const rows = await db
        .selectFrom('events')
        .select('id')
        .where('id', '>', sql<number>`(select coalesce(max(id), 0) from events) - ${window}`)
        .orderBy('id')
        .execute();
      return { last: rows.at(-1)?.id ?? 0, present: rows.map((r) => r.id) };
    },

    /** Sends each text on `channel` (a signal: signals.ts packs several into one), in one statement. */
    notify: async (channel: string, texts: string[]): Promise<void> => {
      await sql`select pg_notify(${channel}, t) from unnest(${texts}::text[]) t`.execute(db);
    },

    /**
     * Deletes up to `limit` events written before `before` (their claims go with them); returns how many. Rows
     * another node is deleting are skipped, not waited for: every node may prune at once.
     */
    prune: async (before: Date, limit: number): Promise<number> => {
      const result = await db
        .deleteFrom('events')
        .where('id', 'in', (q) =>
          q
            .selectFrom('events')
            .select('id')
            .where('occurred_at', '<', before)
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Records that `consumer` handled the event; false when it had been recorded (by another node, say). */
    claim: async (consumer: string, eventId: number, at: Date): Promise<boolean> =>
      (await db
        .insertInto('processed_events')
        .values({ consumer, event_id: eventId, processed_at: at })
        .onConflict((oc) => oc.doNothing())
        .returning('event_id')
        .executeTakeFirst()) !== undefined,

    /** Events of `type` after `after` that `consumer` has not handled, in id order. */
    unprocessed: (consumer: string, type: EventName, after: number, limit: number): Promise<EventRow[]> =>
      db
        .selectFrom('events as e')
        .select(columns.map((c) => `e.${c}` as const))
        .where('e.type', '=', type)
        .where('e.id', '>', after)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('processed_events as p')
                .select('p.event_id')
                .where('p.consumer', '=', consumer)
                .whereRef('p.event_id', '=', 'e.id'),
            ),
          ),
        )
        .orderBy('e.id')
        .limit(limit)
        .execute(),
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
