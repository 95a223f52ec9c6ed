import fs from 'node:fs';
import path from 'node:path';
import { createDb } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { startScratchPostgres } from '../src/db/scratch-postgres.ts';
import { schemaTypes, schemaTypesFile } from './schema-types.ts';

// `npm run db:types`: migrates a throwaway embedded PostgreSQL and writes its row types to src/db/schema.generated.ts.
const database = await startScratchPostgres();
try {
  const db = createDb(database.url, { max: 1 });
  try {
    await migrate(db);
    fs.writeFileSync(schemaTypesFile, await schemaTypes(db));
  } finally {
    await db.destroy();
  }
} finally {
  await database.stop();
}
console.log(`wrote ${path.relative(process.cwd(), schemaTypesFile)}`);
