-- The console's lists read an ongoing session's newest energy and currents (by charger, since its start) and its
-- energy registers (by session) on every call: with the columns those reads filter and return carried in the two
-- indexes of 0020, they are index-only scans, without a visit to each reading's row (bench/api's site: the
-- chargers list's execution 0.36-0.38 -> 0.19-0.21 ms, the sessions list's 0.25-0.30 -> 0.20-0.21 ms; readings
-- not yet marked all-visible by a vacuum are still visited). Same keys and names as before, so a reading still
-- costs two index insertions, but wider ones: the charger index takes about 105 bytes a reading (was about 52), as
-- much as the reading's row. Keeping each connector's newest readings where the MeterValues write already goes
-- would make the wide index unnecessary (bench/api README, session 9).
drop index meter_values_charger_sampled_idx;
create index meter_values_charger_sampled_idx on meter_values (charger_id, sampled_at)
  include (connector_id, energy_wh, power_w, current_l1, current_l2, current_l3);
drop index meter_values_session_idx;
create index meter_values_session_idx on meter_values (session_id, sampled_at) include (energy_wh)
  where session_id is not null;
