-- SecurityEventNotification (OCPP 1.6 security whitepaper, edition 3), stored for the charger's troubleshooting page
-- (issue 20). Kept longer than the message log (at least 90 days: an audit trail); one row per notification.
create table charger_security_events (
  id bigint generated always as identity primary key,
  charger_id integer not null references chargers (id) on delete cascade,
  -- the charger's own timestamp of the event, and when it reached us
  at timestamptz not null,
  received_at timestamptz not null,
  type text not null,
  tech_info text
);
create index charger_security_events_charger on charger_security_events (charger_id, received_at desc, id desc);
create index charger_security_events_received on charger_security_events (received_at);
