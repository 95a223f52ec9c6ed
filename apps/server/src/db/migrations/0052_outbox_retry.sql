-- Mail delivery is retried until it goes out (issue 15): a message recorded with the change that made it due (the
-- charging report, with its claimed event) is sent once the transaction commits, and, should that fail or the node
-- die first, by the retry job of any node. A node claims a row (claimed_until) before it sends, so that the send
-- right after the commit and a retry on another node never both send; after a failure claimed_until is when the
-- next try is due (backoff by attempts).
alter table outbox
  -- Only messages stored in clear and worth resending: verification-code mails are stored masked and short-lived.
  add column retry boolean not null default false,
  add column attempts int not null default 0,
  add column claimed_until timestamptz;
-- Existing rows stay as they are: never retried.
create index outbox_due_idx on outbox (created_at) where sent_at is null and retry;
