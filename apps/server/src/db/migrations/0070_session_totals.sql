-- The overview's figures (session-totals.repository.ts) sum a site's completed sessions by start time: three months
-- of a site with a million sessions are about 125,000 rows. This index holds every column those sums read, so they
-- are read from the index alone (no table rows), in start order; ongoing sessions are not in it.
create index charging_sessions_totals_idx on charging_sessions (station_id, start_time)
  include (energy_wh, cost_net_minor, cost_gross_minor, end_time, charger_id, id_tag, start_by)
  where status = 'complete';
