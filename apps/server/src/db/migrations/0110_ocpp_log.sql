-- The OCPP message log and connection history of each charger (issue 20): what an installer reads on site. Rows are
-- written in batches by the node that holds the socket and deleted after OCPP_LOG_DAYS by a retention job that one
-- node at a time runs (an advisory lock).
create table ocpp_messages (
  id bigint generated always as identity primary key,
  charger_id integer not null references chargers (id) on delete cascade,
  at timestamptz not null,
  -- 'in': sent by the charger; 'out': sent by the central system
  direction text not null check (direction in ('in', 'out')),
  -- 'invalid': a frame that is not an OCPP-J message (kept as text, cut)
  kind text not null check (kind in ('call', 'result', 'error', 'invalid')),
  message_id text not null,
  -- a result's or error's action is that of the CALL it answers, when known
  action text,
  error_code text,
  -- secrets (AuthorizationKey, passwords in URLs) masked before they are written
  payload jsonb not null
);
create index ocpp_messages_charger_at on ocpp_messages (charger_id, at desc, id desc);
create index ocpp_messages_charger_action_at on ocpp_messages (charger_id, action, at desc, id desc);
create index ocpp_messages_at on ocpp_messages (at);

-- Keyed by product code (lower case), not by charger: a refused handshake may name a code no charger has yet.
create table charger_connections (
  id bigint generated always as identity primary key,
  product_code text not null,
  at timestamptz not null,
  event text not null check (event in ('connected', 'disconnected', 'refused')),
  -- WebSocket close code and reason of a disconnect
  close_code integer,
  reason text,
  -- HTTP status of a refused handshake (400, 401, 429, 500)
  http_status integer,
  remote_address text,
  node_id text
);
create index charger_connections_code_at on charger_connections (product_code, at desc, id desc);
create index charger_connections_at on charger_connections (at);
