import type { TestProject } from 'vitest/node';
import { startScratchPostgres } from '../src/db/scratch-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test server; test/helpers.ts creates one database per test file in it. */
    databaseUrl: string;
  }
}

/**
 * Starts one embedded PostgreSQL for the run, in a fresh directory, on a free port, unless DATABASE_URL names a
 * server to use instead (its user must be allowed to create databases).
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  if (external) {
    project.provide('databaseUrl', external);
    return;
  }
  const database = await startScratchPostgres();
  project.provide('databaseUrl', database.url);
  return () => database.stop();
}
