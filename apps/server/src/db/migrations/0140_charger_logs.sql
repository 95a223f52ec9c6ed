-- GetLog (OCPP 1.6 security whitepaper edition 3, N01) beside GetDiagnostics (issue 20): a request of
-- charger_diagnostics is either; a GetLog's requestId is the row's id. Owned by modules/diagnostics.
alter table charger_diagnostics
  add column kind text not null default 'Diagnostics'
    check (kind in ('Diagnostics', 'DiagnosticsLog', 'SecurityLog')),
  -- the time window asked for (GetDiagnostics startTime/stopTime, GetLog oldestTimestamp/latestTimestamp)
  add column oldest_at timestamptz,
  add column latest_at timestamptz,
  -- GetLog.conf status: Accepted, Rejected or AcceptedCanceled (null for GetDiagnostics)
  add column answer text,
  -- the charger's last LogStatusNotification naming this request
  add column log_status text,
  add column log_status_at timestamptz;
