import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schemaTypes, schemaTypesFile } from '../../scripts/schema-types.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { createDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 1 });
  await migrate(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

it('has row types that match the migrations', async () => {
  const committed = fs.readFileSync(schemaTypesFile, 'utf8');
  // toBe's diff shows what changed; the message says how to bring the file up to date.
  expect(committed, 'src/db/schema.generated.ts is out of date: run npm run db:types').toBe(
    await schemaTypes(db),
  );
});
