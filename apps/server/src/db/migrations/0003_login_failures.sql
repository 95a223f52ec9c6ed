-- Failed logins (and wrong current passwords), counted over a sliding window per e-mail (lower-cased) and per
-- client address; rows older than the window are deleted as new ones arrive.
create table login_failures (
  id bigserial primary key,
  email text not null,
  client_ip text not null,
  created_at timestamptz not null
);
create index login_failures_email_idx on login_failures (email, created_at);
create index login_failures_client_ip_idx on login_failures (client_ip, created_at);
create index login_failures_created_at_idx on login_failures (created_at);
