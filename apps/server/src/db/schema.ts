import type { ColumnType, Generated } from 'kysely';

// Row types of the tables in db/migrations, for Kysely. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: Generated<string>;
  company_name: Generated<string>;
  company_address: Generated<string>;
  vat_number: Generated<string>;
  language: Generated<string>;
  avatar: Buffer | null;
  avatar_type: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UserSessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  user_sessions: UserSessionsTable;
}
