-- A new PIN (OCPP 1.6 AuthorizationKey) is offered before it replaces the old one (issue 19): a charger that refuses
-- ChangeConfiguration, or is offline, must not be locked out. Until the charger accepts it, or first connects with
-- it, both the PIN and the offered one open a socket.
alter table chargers
  add column pending_pin_hash bytea,
  add column pending_pin_hint text;
