-- OCPP 1.6 reservations (issue 20): ReserveNow / CancelReservation for a card on a connector until a time. The id is
-- the reservationId the charger is told. Owned by modules/reservations.
create table reservations (
  id serial primary key,
  station_id integer not null references sites (id) on delete cascade,
  charger_id integer not null references chargers (id) on delete cascade,
  -- 0: any connector of the charger (OCPP 1.6 5.13)
  connector_id integer not null check (connector_id >= 0),
  id_tag text not null,
  expiry_date timestamptz not null,
  -- requested (sent, no answer yet) | active | refused | cancelled | used
  status text not null default 'requested',
  -- the charger's ReservationStatus when it did not accept (Faulted, Occupied, Rejected, Unavailable)
  answer text,
  session_id integer,
  created_at timestamptz not null default now(),
  ended_at timestamptz
);
create index reservations_charger_active on reservations (charger_id) where status = 'active';
