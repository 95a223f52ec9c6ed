import type { ChargerStatus, ChargerType, Connectivity } from '@plugboard/contract';
import type { DB, Generated } from './schema.generated.ts';

/**
 * Columns narrower in the app than in the database: text columns that a CHECK constraint limits to a few words, typed
 * as the contract's unions, so that a row read is already one of them and writing another word fails to compile
 * rather than at the database. Keep them in step with the constraints in db/migrations.
 */
type Narrowed = {
  chargers: {
    status: Generated<ChargerStatus>;
    charger_type: ChargerType | null;
    connectivity: Connectivity | null;
  };
  connectors: { status: ChargerStatus };
  charging_sessions: { status: Generated<'ongoing' | 'complete'> };
  cards: { status: Generated<'active' | 'recycled'> };
  tariffs: { price_model: 'static' | 'timeOfUse' };
};

/** The tables as Kysely sees them: the generated row types (`npm run db:types`) with the narrowed columns. */
export type Database = {
  [T in keyof DB]: T extends keyof Narrowed ? Omit<DB[T], keyof Narrowed[T]> & Narrowed[T] : DB[T];
};
