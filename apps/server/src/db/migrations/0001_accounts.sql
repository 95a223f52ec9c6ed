-- Operators' accounts and their console sessions.
create table users (
  id bigserial primary key,
  email text not null,
  password_hash text not null,
  name text not null default '',
  company_name text not null default '',
  company_address text not null default '',
  vat_number text not null default '',
  language text not null default 'en_US',
  avatar bytea,
  avatar_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

-- Only a SHA-256 of each token is stored; the token itself exists only in the operator's browser.
create table user_sessions (
  id bigserial primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index user_sessions_user_id_idx on user_sessions (user_id);
