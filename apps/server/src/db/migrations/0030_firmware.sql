-- The console's side of chargers: the firmware catalogue, the fields the console sets on a charger, and the starts
-- it asked for.

-- Firmware a charger model can be updated to. Rows without a user come from the server's FIRMWARE_CATALOG file and
-- are offered to every account; a row an account added is offered only to that account's chargers, so that no
-- operator can point another operator's chargers at a firmware image of their choosing.
create table firmware_versions (
  id bigserial primary key,
  user_id bigint references users (id) on delete cascade,
  -- The chargePointModel of BootNotification (CiString20), compared case-insensitively.
  model text not null check (char_length(model) between 1 and 20),
  version text not null check (char_length(version) between 1 and 50),
  url text not null check (url ~ '^(https?|ftps?)://'),
  created_at timestamptz not null default now()
);
create unique index firmware_versions_key on firmware_versions (coalesce(user_id, 0), lower(model), version);
create index firmware_versions_model_idx on firmware_versions (lower(model));

-- The charger's own per-phase current limits (A), set by the operator.
alter table chargers
  add column capacity_l1 integer check (capacity_l1 > 0),
  add column capacity_l2 integer check (capacity_l2 > 0),
  add column capacity_l3 integer check (capacity_l3 > 0),
  -- Only the PIN's hash is kept; this is what the console shows of it: '••••' and its last character.
  add column pin_hint text not null default '••••';

-- A RemoteStartTransaction the console sent and the charger accepted: the StartTransaction that matches it (same
-- charger, connector and id tag, before it expires) is recorded as started by 'remoteApp' and consumes it.
create table remote_start_requests (
  id bigserial primary key,
  charger_id bigint not null references chargers (id) on delete cascade,
  connector_id integer not null,
  id_tag text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index remote_start_requests_charger_idx on remote_start_requests (charger_id, connector_id, id_tag);
