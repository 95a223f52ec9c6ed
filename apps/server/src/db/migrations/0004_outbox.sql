-- Every e-mail the server sends (or would send, without SMTP), with when it went out or why it did not.
create table outbox (
  id bigserial primary key,
  to_email text not null,
  subject text not null,
  text text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create index outbox_to_email_idx on outbox (lower(to_email));
create index outbox_created_at_idx on outbox (created_at);
