import { sql, type Insertable, type Selectable } from 'kysely';
import type { InvoiceStatus } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { StoredLine } from './invoice-bill.ts';

export type InvoiceRow = Selectable<Database['invoices']> & {
  credit_of_number: string | null;
  credited_by_id: number | null;
  credited_by_number: string | null;
};
export type InvoiceWithLines = InvoiceRow & { lines: StoredLine[] };
export type NewInvoice = Insertable<Database['invoices']>;
export type InvoiceFilter = {
  from?: string | undefined;
  to?: string | undefined;
  groupId?: number | undefined;
  cardId?: number | undefined;
  status?: InvoiceStatus | undefined;
};

/** invoices, invoice_lines, invoice_sessions and invoice_numbering: this module's tables, read and written here. */
export function invoicesRepository(db: Db) {
  const rows = () =>
    db
      .selectFrom('invoices as i')
      .leftJoin('invoices as o', 'o.id', 'i.credit_of')
      .leftJoin('invoices as c', 'c.credit_of', 'i.id')
      .selectAll('i')
      .select(['o.number as credit_of_number', 'c.id as credited_by_id', 'c.number as credited_by_number']);

  const withLines = async (found: InvoiceRow[]): Promise<InvoiceWithLines[]> => {
    if (found.length === 0) return [];
    const lines = await db
      .selectFrom('invoice_lines')
      .selectAll()
      .where(
        'invoice_id',
        'in',
        found.map((r) => r.id),
      )
      .orderBy('invoice_id')
      .orderBy('position')
      .execute();
    return found.map((row) => ({
      ...row,
      lines: lines
        .filter((l) => l.invoice_id === row.id)
        .map((l) => ({
          kind: l.kind as StoredLine['kind'],
          vatRateBp: l.vat_rate_bp,
          energyWh: l.energy_wh,
          sessions: l.sessions,
          netMinor: l.net_minor,
          vatMinor: l.vat_minor,
        })),
    }));
  };

  const filtered = (stationId: number, f: InvoiceFilter) => {
    let q = rows().where('i.station_id', '=', stationId);
    if (f.from) q = q.where('i.period_to', '>', new Date(f.from));
    if (f.to) q = q.where('i.period_from', '<', new Date(f.to));
    if (f.status) q = q.where('i.status', '=', f.status);
    if (f.groupId !== undefined)
      q = q.where(
        sql<boolean>`i.customer @> ${JSON.stringify({ kind: 'group', groupId: f.groupId })}::jsonb`,
      );
    if (f.cardId !== undefined)
      q = q.where(
        sql<boolean>`i.customer @> ${JSON.stringify({ kind: 'cards', cardIds: [f.cardId] })}::jsonb`,
      );
    return q;
  };

  return {
    find: async (stationId: number, id: number): Promise<InvoiceWithLines | undefined> => {
      const row = await rows()
        .where('i.station_id', '=', stationId)
        .where('i.id', '=', id)
        .executeTakeFirst();
      return row ? (await withLines([row]))[0] : undefined;
    },

    /** Locks the invoice row until the transaction ends (issue, credit, send and delete go one at a time). */
    lock: (stationId: number, id: number) =>
      db
        .selectFrom('invoices')
        .selectAll()
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    page: async (stationId: number, f: InvoiceFilter, limit: number, offset: number) =>
      withLines(
        await filtered(stationId, f)
          .orderBy('i.created_at', 'desc')
          .orderBy('i.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ),

    count: async (stationId: number, f: InvoiceFilter): Promise<number> => {
      const row = await filtered(stationId, f)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insert: async (invoice: NewInvoice, lines: StoredLine[]): Promise<number> => {
      const { id } = await db
        .insertInto('invoices')
        .values(invoice)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('invoice_lines')
        .values(
          lines.map((l, position) => ({
            invoice_id: id,
            position,
            kind: l.kind,
            vat_rate_bp: l.vatRateBp,
            energy_wh: l.energyWh,
            sessions: l.sessions,
            net_minor: l.netMinor,
            vat_minor: l.vatMinor,
          })),
        )
        .execute();
      return id;
    },

    /** Records which sessions an invoice bills, in one statement however many. */
    insertSessions: async (invoiceId: number, sessionIds: number[], holds: boolean): Promise<void> => {
      await sql`
        insert into invoice_sessions (invoice_id, session_id, holds)
        select ${invoiceId}, unnest(${sessionIds}::bigint[]), ${holds}`.execute(db);
    },

    sessionIdsOf: async (invoiceId: number): Promise<number[]> =>
      (
        await db
          .selectFrom('invoice_sessions')
          .select('session_id')
          .where('invoice_id', '=', invoiceId)
          .orderBy('session_id')
          .execute()
      ).map((r) => r.session_id),

    /**
     * Marks the invoice's sessions as billed by it (or no longer, once credited). Throws PostgreSQL's unique
     * violation (23505) when another issued invoice holds one of them.
     */
    hold: (invoiceId: number, holds: boolean) =>
      db.updateTable('invoice_sessions').set({ holds }).where('invoice_id', '=', invoiceId).execute(),

    /** The sessions with ids in [minId, maxId] that an issued invoice of the site bills, with its number. */
    heldBetween: async (stationId: number, minId: number, maxId: number): Promise<Map<number, string>> => {
      const held = await db
        .selectFrom('invoice_sessions as s')
        .innerJoin('invoices as i', 'i.id', 's.invoice_id')
        .select(['s.session_id', 'i.number'])
        .where('s.holds', '=', true)
        .where('i.station_id', '=', stationId)
        .where('s.session_id', '>=', minId)
        .where('s.session_id', '<=', maxId)
        .execute();
      return new Map(held.map((r) => [r.session_id, r.number ?? '']));
    },

    /**
     * The site's next number, in the caller's transaction: the counter row stays locked until it commits, so
     * numbers are given one at a time, and a rollback gives the number back.
     */
    nextNumber: async (stationId: number): Promise<{ sequence: number; prefix: string }> => {
      const row = await db
        .insertInto('invoice_numbering')
        .values({ station_id: stationId, last_number: 1 })
        .onConflict((oc) =>
          oc.column('station_id').doUpdateSet({ last_number: sql`invoice_numbering.last_number + 1` }),
        )
        .returning(['last_number', 'prefix'])
        .executeTakeFirstOrThrow();
      return { sequence: row.last_number, prefix: row.prefix };
    },

    numbering: (stationId: number) =>
      db
        .selectFrom('invoice_numbering')
        .select(['prefix', 'last_number'])
        .where('station_id', '=', stationId)
        .executeTakeFirst(),

    setPrefix: (stationId: number, prefix: string) =>
      db
        .insertInto('invoice_numbering')
        .values({ station_id: stationId, prefix })
        .onConflict((oc) => oc.column('station_id').doUpdateSet({ prefix }))
        .returning(['prefix', 'last_number'])
        .executeTakeFirstOrThrow(),

    issue: (
      id: number,
      v: { sequence: number; number: string; seller: string; footer: string; issuedAt: Date },
    ) =>
      db
        .updateTable('invoices')
        .set({
          status: 'issued',
          sequence: v.sequence,
          number: v.number,
          seller: v.seller,
          footer: v.footer,
          issued_at: v.issuedAt,
        })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .execute(),

    setStatus: (id: number, status: InvoiceStatus, sentAt?: Date) =>
      db
        .updateTable('invoices')
        .set({ status, ...(sentAt && { sent_at: sentAt }) })
        .where('id', '=', id)
        .execute(),

    removeDraft: async (id: number): Promise<boolean> => {
      const result = await db
        .deleteFrom('invoices')
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
