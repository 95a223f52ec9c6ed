-- The sessions list (session/v2/list) of a site with a million sessions: every filter and sort the console offers
-- reads one of these indexes in order and stops after the page, and the page's ids come from the index alone
-- (sessions.repository.ts). Each ends with the id, the list's tie-breaker, so that pages never overlap.

-- Newest first (the default), and the date range filter. Replaces the index of 0020 that had no tie-breaker.
drop index if exists charging_sessions_station_start_idx;
create index charging_sessions_station_start_idx on charging_sessions (station_id, start_time desc, id desc);
-- Filters by charger, by status, by card; each with the default sort.
create index charging_sessions_station_charger_idx
  on charging_sessions (station_id, charger_id, start_time desc, id desc);
create index charging_sessions_station_status_idx
  on charging_sessions (station_id, status, start_time desc, id desc);
create index charging_sessions_station_card_idx
  on charging_sessions (station_id, lower(id_tag), start_time desc, id desc);
-- The other sorts. A session without an end sorts as the latest; without energy or cost (ongoing, no tariff) as the
-- least: the orders the list asks for are these indexes read forwards or backwards.
create index charging_sessions_station_end_idx on charging_sessions (station_id, end_time, id);
create index charging_sessions_station_energy_idx
  on charging_sessions (station_id, energy_wh asc nulls first, id);
create index charging_sessions_station_cost_idx
  on charging_sessions (station_id, cost_gross_minor asc nulls first, id);

-- A charger's readings outside any session go with the charger, whatever deletes it (the console, or a site or
-- an account deleted with its chargers): meter_values.charger_id is ON DELETE SET NULL since 0040 so that the
-- readings of sessions survive, which would otherwise leave these behind with nothing naming their owner.
create function meter_values_drop_loose() returns trigger language plpgsql as $$
begin
  delete from meter_values where charger_id = old.id and session_id is null;
  return old;
end $$;
create trigger chargers_drop_loose_meter_values before delete on chargers
  for each row execute function meter_values_drop_loose();
