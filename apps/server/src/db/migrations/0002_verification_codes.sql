-- Secrets the server generates once and every node shares (the key of the verification code hashes).
create table server_secrets (
  name text primary key,
  value bytea not null,
  created_at timestamptz not null default now()
);

-- Codes e-mailed for registering, a forgotten password or a change of e-mail. Only an HMAC of each code is kept.
-- `email` is lower-cased. Only the newest code of an (email, purpose) is valid; older rows stay for the send limits.
create table verification_codes (
  id bigserial primary key,
  email text not null,
  purpose text not null check (purpose in ('register', 'forgot', 'changeEmail')),
  code_hash bytea not null,
  -- The account asking for a change of e-mail: only it may use the code.
  user_id bigint references users (id) on delete cascade,
  client_ip text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index verification_codes_email_idx on verification_codes (email, created_at);
create index verification_codes_client_ip_idx on verification_codes (client_ip, created_at);
create index verification_codes_user_id_idx on verification_codes (user_id);
create index verification_codes_created_at_idx on verification_codes (created_at);

-- Wrong codes per (email, purpose): five within 10 minutes lock it for 10 minutes.
create table verification_failures (
  email text not null,
  purpose text not null,
  failed_tries integer not null default 0,
  last_failed_at timestamptz not null,
  locked_until timestamptz,
  primary key (email, purpose)
);
