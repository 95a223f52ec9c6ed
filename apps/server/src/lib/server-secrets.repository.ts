import type { Db } from '../db/client.ts';

/**
 * The stored secret of that name (HMAC keys for codes and PINs), created from `candidate` by the first node that asks,
 * so that every node of a cluster uses the same one.
 */
export async function serverSecret(db: Db, name: string, candidate: Buffer): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
