-- The events services write in the same transaction as the change they announce (a transactional outbox). Every
-- node LISTENs on 'plugboard_events' and reads the rows after its cursor (modules/events). Kept 7 days.
create table events (
  id bigserial primary key,
  type text not null,
  version smallint not null,
  -- An event outlives the charger or session it names, not its site: deleting an account leaves nothing of it.
  station_id bigint not null references sites (id) on delete cascade,
  payload jsonb not null,
  occurred_at timestamptz not null
);
create index events_occurred_at_idx on events (occurred_at);
create index events_station_idx on events (station_id);
-- A consumer catching up on the events of one type it has not handled (the charging report at start).
create index events_type_id_idx on events (type, id);

-- Which events a consumer with an outside effect (a mail) has handled, claimed in the transaction that records the
-- effect: however many nodes hear an event, one claims it. Goes with its event.
create table processed_events (
  consumer text not null,
  event_id bigint not null references events (id) on delete cascade,
  processed_at timestamptz not null,
  primary key (consumer, event_id)
);
create index processed_events_event_idx on processed_events (event_id);
