-- Several Plugboard nodes share this database (docs/ocpp.md, "Several nodes"). Each node has a row it refreshes every
-- ping interval; a node whose heartbeat is older than 2 intervals is dead, and any live node marks its chargers
-- offline and removes its row. Times come from the database's clock, so that the nodes' clocks need not agree.
create table nodes (
  -- NODE_ID (host name + ':' + port by default).
  id text primary key,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);

-- The node that holds the socket named by connection_id. Not a foreign key: a dead node's row goes, its chargers'
-- node_id stays (as connection_id does), so that a node that was only cut off can claim them back.
alter table chargers add column node_id text;
create index chargers_node_idx on chargers (node_id) where connected;

-- A command to a charger whose socket another node holds: the origin writes the call and notifies the target
-- (pg_notify on the target's channel); the target sends it on its socket, writes the answer (the CALLRESULT as
-- JSON, or the AppError code) and notifies the origin, which reads and deletes the row. Rows older than their
-- timeout are pruned by the sweep (their origin died or gave up).
create table node_calls (
  -- Chosen by the origin, which waits for the answer under this id before it writes the call.
  id uuid primary key,
  target_node text not null,
  origin_node text not null,
  product_code text not null,
  action text not null,
  payload jsonb not null,
  timeout_ms integer not null check (timeout_ms > 0),
  created_at timestamptz not null default now(),
  taken_at timestamptz,
  answer jsonb,
  error_code integer,
  error_message text,
  answered_at timestamptz
);
-- A target catching up after its listening connection was lost.
create index node_calls_waiting_idx on node_calls (target_node) where taken_at is null;
