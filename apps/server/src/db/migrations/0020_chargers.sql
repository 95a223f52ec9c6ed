-- Chargers (OCPP charge points) of a site, their connectors, their meter readings and the charging sessions they
-- report. Energy in watt-hours, power in watts, currents in amperes, times in UTC. The console's site id is
-- `stationId`, hence `station_id` for a reference to `sites`.

create table chargers (
  id bigserial primary key,
  station_id bigint not null references sites (id) on delete cascade,
  -- The OCPP identity: the last path segment of ws(s)://host/ocpp/{productCode} and the Basic auth username.
  product_code text not null check (product_code ~ '^[A-Za-z0-9._-]{1,48}$'),
  alias text not null check (char_length(alias) between 1 and 8),
  -- HMAC-SHA256(server secret 'charger-pin-hmac', lower(product_code) || ':' || PIN): a keyed hash that is fast
  -- on purpose, so that thousands of chargers reconnecting at once cost milliseconds, not minutes, while a stolen
  -- table alone (without the secret) does not reveal the PINs.
  pin_hash bytea not null,
  vendor text,
  model text,
  serial_number text,
  firmware_version text,
  rated_power_w integer check (rated_power_w > 0),
  charger_type text check (charger_type in ('socket', 'socketWithShutter', 'cable')),
  connectivity text check (connectivity in ('4G', 'WiFi', 'LAN')),
  status text not null default 'offline' check (status in (
    'offline', 'online', 'ready', 'available', 'charging', 'queuing', 'waitingForEv', 'scheduled',
    'recoveringFromFault', 'waitingForGridCapacity', 'waitingForSurplus', 'waitingForRandomizedDelay',
    'disconnected', 'chargingComplete', 'unavailable', 'faulted')),
  error_code text,
  connected boolean not null default false,
  -- The socket that set `connected`: only that socket's close may clear it, so a replaced (older) socket closing
  -- late, on this node or another, cannot mark a reconnected charger offline.
  connection_id uuid,
  last_seen_at timestamptz,
  -- From the last BootNotification.
  booted_at timestamptz,
  iccid text,
  imsi text,
  meter_type text,
  meter_serial_number text,
  -- From FirmwareStatusNotification and DiagnosticsStatusNotification.
  firmware_status text,
  firmware_status_at timestamptz,
  diagnostics_status text,
  diagnostics_status_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index chargers_product_code_key on chargers (lower(product_code));
create unique index chargers_station_alias_key on chargers (station_id, lower(alias));
-- The sweep that marks chargers of a dead node offline, and the stuck-session rule.
create index chargers_connected_last_seen_idx on chargers (connected, last_seen_at);

-- One row per connector (connector 0 is the charger as a whole, as in OCPP), from StatusNotification.
create table connectors (
  charger_id bigint not null references chargers (id) on delete cascade,
  connector_id integer not null check (connector_id >= 0),
  -- The console status the OCPP status maps to (docs/ocpp.md), and the OCPP status and error code as sent.
  status text not null,
  ocpp_status text not null,
  error_code text not null default 'NoError',
  info text,
  vendor_error_code text,
  -- The charger's timestamp of that status: an older notification (sent late from its offline queue) is ignored.
  status_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (charger_id, connector_id)
);

-- A charging session is an OCPP transaction. The transactionId the central system hands out is the session id;
-- `transaction_id` holds it, or, for a StopTransaction naming a transaction this server never started, the number
-- the charger sent (such a row carries the flag 'unknownTransaction').
create table charging_sessions (
  id bigserial primary key,
  station_id bigint not null references sites (id) on delete cascade,
  charger_id bigint not null references chargers (id) on delete cascade,
  connector_id integer not null,
  transaction_id bigint not null,
  id_tag text not null,
  start_time timestamptz not null,
  end_time timestamptz,
  meter_start_wh bigint not null,
  meter_stop_wh bigint,
  energy_wh bigint,
  status text not null default 'ongoing' check (status in ('ongoing', 'complete')),
  -- How it was started (the console's start-by sources: 'rfid', 'remoteApp', ...).
  start_by text not null default 'rfid',
  -- The OCPP stop reason ('Local', 'EVDisconnected', ...) or ours ('offlineTimeout', 'replacedByNewTransaction').
  stop_reason text,
  flags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- A replayed StartTransaction (same charger, connector, card and time) finds the session it already created.
create unique index charging_sessions_start_key
  on charging_sessions (charger_id, connector_id, id_tag, start_time);
-- Our transaction ids are unique per charger. Numbers of unknown transactions live apart: a charger's number may
-- equal a session id this server hands out later.
create unique index charging_sessions_transaction_key on charging_sessions (charger_id, transaction_id)
  where not ('unknownTransaction' = any (flags));
create unique index charging_sessions_unknown_transaction_key on charging_sessions (charger_id, transaction_id)
  where 'unknownTransaction' = any (flags);
create index charging_sessions_station_start_idx on charging_sessions (station_id, start_time desc);
create index charging_sessions_ongoing_idx on charging_sessions (charger_id, connector_id) where status = 'ongoing';

-- Readings from MeterValues (and a StopTransaction's transactionData); a reading the charger did not send is null.
create table meter_values (
  id bigserial primary key,
  charger_id bigint not null references chargers (id) on delete cascade,
  connector_id integer not null,
  -- The session the reading belongs to, when the charger named a transaction this server knows.
  session_id bigint references charging_sessions (id) on delete cascade,
  sampled_at timestamptz not null,
  energy_wh bigint,
  power_w integer,
  current_l1 double precision,
  current_l2 double precision,
  current_l3 double precision,
  created_at timestamptz not null default now()
);
create index meter_values_charger_sampled_idx on meter_values (charger_id, sampled_at);
create index meter_values_session_idx on meter_values (session_id, sampled_at) where session_id is not null;
