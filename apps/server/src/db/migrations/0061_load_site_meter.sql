-- The optional site meter (load/v2/meter): the building's own consumption per phase, pushed by a meter gateway and
-- subtracted from the site's capacity while fresh.
alter table load_sites add column meter_a double precision[];
alter table load_sites add column meter_at timestamptz;
