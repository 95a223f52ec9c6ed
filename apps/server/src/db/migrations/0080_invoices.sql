-- Invoices (issue 18), owned by modules/invoices. Money in the site currency's minor unit, energy in Wh.

-- A site's numbering: the last sequential number given and the prefix written before it. Issuing increments
-- last_number in the transaction that issues, so a rolled-back issue gives its number back: no gaps.
create table invoice_numbering (
  station_id bigint primary key references sites (id) on delete cascade,
  prefix text not null default 'PB-{YYYY}-',
  last_number integer not null default 0 check (last_number >= 0)
);

-- Invoices and credit notes. A draft may be deleted; from 'issued' on, only status and sent_at ever change
-- (issued -> sent, issued or sent -> credited), which the trigger below holds whatever path writes the row.
create table invoices (
  id bigserial primary key,
  station_id bigint not null references sites (id) on delete cascade,
  kind text not null check (kind in ('invoice', 'creditNote')),
  status text not null default 'draft' check (status in ('draft', 'issued', 'sent', 'credited')),
  sequence integer,
  number text,
  credit_of bigint references invoices (id) on delete cascade,
  period_from timestamptz not null,
  period_to timestamptz not null,
  time_zone text not null,
  currency text not null,
  language text not null,
  -- {kind: 'group', groupId} or {kind: 'cards', cardIds}, and the label written on the invoice.
  customer jsonb not null,
  customer_label text not null,
  bill_to jsonb not null,
  seller jsonb not null,
  description text not null check (char_length(description) <= 150),
  fee jsonb not null,
  net_minor bigint not null,
  vat_minor bigint not null,
  gross_minor bigint not null,
  session_count integer not null,
  created_at timestamptz not null,
  issued_at timestamptz,
  sent_at timestamptz,
  constraint invoices_numbered check ((status = 'draft') = (sequence is null) and (sequence is null) = (number is null)),
  constraint invoices_credit_note check ((kind = 'creditNote') = (credit_of is not null))
);
create unique index invoices_station_sequence_key on invoices (station_id, sequence);
create unique index invoices_credit_of_key on invoices (credit_of) where credit_of is not null;
create index invoices_station_created_idx on invoices (station_id, created_at desc, id desc);

create table invoice_lines (
  invoice_id bigint not null references invoices (id) on delete cascade,
  position smallint not null,
  kind text not null check (kind in ('charging', 'serviceFee')),
  vat_rate_bp integer not null,
  energy_wh bigint not null,
  sessions integer not null,
  net_minor bigint not null,
  vat_minor bigint not null,
  primary key (invoice_id, position)
);

-- Which sessions an invoice bills. `holds` is true while an issued invoice bills the session (from its issue until
-- a credit note cancels it): the unique index makes "a session billed on an issued invoice is not billed again" a
-- fact of the database, whatever runs at once. No foreign key to charging_sessions: deleting a session from the
-- history leaves an issued invoice as it was.
create table invoice_sessions (
  invoice_id bigint not null references invoices (id) on delete cascade,
  session_id bigint not null,
  holds boolean not null default false,
  primary key (invoice_id, session_id)
);
create unique index invoice_sessions_held_key on invoice_sessions (session_id) where holds;

create function invoices_frozen() returns trigger language plpgsql as $$
begin
  if old.status <> 'draft' and (
    new.number is distinct from old.number or new.sequence is distinct from old.sequence
    or new.kind is distinct from old.kind or new.station_id is distinct from old.station_id
    or new.customer is distinct from old.customer or new.bill_to is distinct from old.bill_to
    or new.seller is distinct from old.seller or new.description is distinct from old.description
    or new.fee is distinct from old.fee or new.net_minor is distinct from old.net_minor
    or new.vat_minor is distinct from old.vat_minor or new.gross_minor is distinct from old.gross_minor
    or new.issued_at is distinct from old.issued_at or new.period_from is distinct from old.period_from
    or new.period_to is distinct from old.period_to or new.language is distinct from old.language
    or new.credit_of is distinct from old.credit_of or new.status = 'draft'
  ) then
    raise exception 'invoice % is issued and cannot change', old.id using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger invoices_frozen before update on invoices
  for each row execute function invoices_frozen();

create function invoice_lines_frozen() returns trigger language plpgsql as $$
begin
  if exists (select 1 from invoices where id = coalesce(new.invoice_id, old.invoice_id) and status <> 'draft') then
    raise exception 'the lines of an issued invoice cannot change' using errcode = 'check_violation';
  end if;
  return coalesce(new, old);
end $$;
create trigger invoice_lines_frozen before update on invoice_lines
  for each row execute function invoice_lines_frozen();

-- The mailer's outbox (lib/outbox.repository.ts) keeps a message's attachments, so that a retry sends them too:
-- [{filename, contentType, content (base64)}].
alter table outbox add column attachments jsonb;
