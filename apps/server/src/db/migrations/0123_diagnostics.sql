-- GetDiagnostics with an upload URL of the server's own (issue 20): a one-time token per request (only its hash
-- kept, cleared by the upload), the file the charger uploads, size-limited. Owned by modules/diagnostics.
create table charger_diagnostics (
  id serial primary key,
  station_id integer not null references sites (id) on delete cascade,
  charger_id integer not null references chargers (id) on delete cascade,
  token_hash bytea unique,
  requested_at timestamptz not null,
  expires_at timestamptz not null,
  -- the name the charger said it will upload (GetDiagnostics.conf fileName), then the uploaded one
  file_name text,
  content bytea,
  size integer,
  uploaded_at timestamptz
);
create index charger_diagnostics_charger on charger_diagnostics (charger_id, requested_at desc);
