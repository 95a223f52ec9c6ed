import type { Db } from '../../db/client.ts';

const listColumns = [
  'id',
  'kind',
  'oldest_at',
  'latest_at',
  'answer',
  'log_status',
  'requested_at',
  'expires_at',
  'file_name',
  'size',
  'uploaded_at',
] as const;

/** The charger_diagnostics table. */
export function diagnosticsRepository(db: Db) {
  return {
    insert: (values: {
      station_id: number;
      charger_id: number;
      token_hash: Buffer;
      requested_at: Date;
      expires_at: Date;
      kind: string;
      oldest_at: Date | null;
      latest_at: Date | null;
    }) =>
      db.insertInto('charger_diagnostics').values(values).returning(listColumns).executeTakeFirstOrThrow(),

    /** The charger's answer; a GetLog it rejected gets no upload, so its token is cleared. */
    answered: (id: number, fileName: string | null, answer: string | null) =>
      db
        .updateTable('charger_diagnostics')
        .set({ file_name: fileName, answer, ...(answer === 'Rejected' && { token_hash: null }) })
        .where('id', '=', id)
        .execute(),

    /**
     * A LogStatusNotification: the GetLog it names (requestId), else the charger's latest GetLog (the requestId is
     * optional, e.g. with Idle). A requestId of no GetLog of this charger changes nothing.
     */
    logStatus: (chargerId: number, status: string, at: Date, requestId: number | undefined) =>
      db
        .updateTable('charger_diagnostics')
        .set({ log_status: status, log_status_at: at })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('charger_diagnostics')
            .select('id')
            .where('charger_id', '=', chargerId)
            .where('kind', '<>', 'Diagnostics')
            .$if(requestId !== undefined, (q) => q.where('id', '=', requestId!))
            .orderBy('id', 'desc')
            .limit(1),
        )
        .execute(),

    forget: (id: number) => db.deleteFrom('charger_diagnostics').where('id', '=', id).execute(),

    list: (stationId: number, chargerId: number) =>
      db
        .selectFrom('charger_diagnostics')
        .select(listColumns)
        .where('station_id', '=', stationId)
        .where('charger_id', '=', chargerId)
        .orderBy('requested_at', 'desc')
        .orderBy('id', 'desc')
        .limit(20)
        .execute(),

    /** Stores the upload of a token still valid at `at` and clears the token: it works once. */
    upload: (tokenHash: Buffer, at: Date, file: { name: string | null; content: Buffer }) =>
      db
        .updateTable('charger_diagnostics')
        .set((eb) => ({
          token_hash: null,
          file_name: file.name ?? eb.ref('file_name'),
          content: file.content,
          size: file.content.length,
          uploaded_at: at,
        }))
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', at)
        .returning('id')
        .executeTakeFirst(),

    file: (stationId: number, id: number) =>
      db
        .selectFrom('charger_diagnostics')
        .select(['file_name', 'content'])
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .where('content', 'is not', null)
        .executeTakeFirst(),
  };
}
