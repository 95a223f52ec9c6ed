-- A site's texts from the rich-text editor (issue 17): the notice of the display screen and the footer invoices
-- print. HTML cleaned by the server against an allow-list before it is stored (modules/notices). One row per text.
create table site_notices (
  station_id bigint not null references sites (id) on delete cascade,
  kind text not null check (kind in ('display', 'invoiceFooter')),
  html text not null,
  updated_at timestamptz not null default now(),
  primary key (station_id, kind)
);

-- Display links (modules/display): a token of its own that opens one site's display screen without a login. Only
-- the token's SHA-256 is kept, as for login tokens; a revoked link stays for the record but is refused.
create table display_links (
  id bigint generated always as identity primary key,
  station_id bigint not null references sites (id) on delete cascade,
  name text not null,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index display_links_station_idx on display_links (station_id) where revoked_at is null;
