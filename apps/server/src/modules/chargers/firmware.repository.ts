import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type FirmwareRow = Selectable<Database['firmware_versions']>;
export type CatalogueRow = Pick<
  FirmwareRow,
  'model' | 'version' | 'url' | 'signing_certificate' | 'signature'
>;
/** A signed entry has both its PEM signing certificate and its base64 signature (whitepaper L01). */
export type CatalogueEntry = {
  model: string;
  version: string;
  url: string;
  signingCertificate?: string | undefined;
  signature?: string | undefined;
};

const toColumns = ({ signingCertificate, signature, ...entry }: CatalogueEntry) => ({
  ...entry,
  signing_certificate: signingCertificate ?? null,
  signature: signature ?? null,
});

/** The firmware catalogue: the server's rows (user_id null) and each account's own. */
export function firmwareRepository(db: Db) {
  return {
    /**
     * What a site's chargers of those models may be offered (models compare case-insensitively): the server's
     * catalogue and the one of the site's owner.
     */
    offeredToStation: async (stationId: number, models: string[]): Promise<CatalogueRow[]> =>
      models.length === 0
        ? []
        : db
            .selectFrom('firmware_versions')
            .select(['model', 'version', 'url', 'signing_certificate', 'signature'])
            .where(
              sql<string>`lower(model)`,
              'in',
              models.map((m) => m.toLowerCase()),
            )
            .where((eb) =>
              eb.or([
                eb('user_id', 'is', null),
                eb('user_id', '=', eb.selectFrom('sites').select('user_id').where('id', '=', stationId)),
              ]),
            )
            .execute(),

    /** What an account's chargers are offered from: the server's rows and the account's, by model, newest first. */
    listFor: (userId: number): Promise<FirmwareRow[]> =>
      db
        .selectFrom('firmware_versions')
        .selectAll()
        .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
        .orderBy(sql`lower(model)`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** Adds a version to an account's catalogue; the same model and version again replaces its URL. */
    upsertOwn: (userId: number, entry: CatalogueEntry, at: Date): Promise<FirmwareRow> =>
      db
        .insertInto('firmware_versions')
        .values({ user_id: userId, ...toColumns(entry), created_at: at })
        .onConflict((oc) => {
          const { version: _version, ...changed } = toColumns(entry);
          return oc.expression(sql`(coalesce(user_id, 0)), (lower(model)), version`).doUpdateSet(changed);
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The requestId of a new SignedUpdateFirmware. */
    nextRequestId: async (): Promise<number> =>
      (await sql<{ id: number }>`select nextval('firmware_request_ids')::integer as id`.execute(db)).rows[0]!
        .id,

    /** Makes the server's catalogue exactly `entries`, in one transaction. */
    replaceShared: (entries: CatalogueEntry[]): Promise<void> =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('firmware_versions').where('user_id', 'is', null).execute();
        if (entries.length > 0) {
          await trx
            .insertInto('firmware_versions')
            .values(entries.map((e) => ({ ...toColumns(e), user_id: null })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }),
  };
}
