-- Load management (modules/load): each charger's place in the site's wiring and its currents, what the allocator
-- last gave it (sent to the charger as charging profiles), and the site's capacity schedule. The site's capacity,
-- phase count and isOpenLoad stay in sites.

create table load_chargers (
  charger_id bigint primary key references chargers (id) on delete cascade,
  station_id bigint not null references sites (id) on delete cascade,
  phases smallint not null default 3 check (phases in (1, 3)),
  -- The site phase (1..3) feeding the charger's L1, L2, L3: rotated wiring is {2,3,1}.
  wiring smallint[] not null default '{1,2,3}' check (cardinality(wiring) = 3 and wiring <@ '{1,2,3}'::smallint[]),
  -- Amperes per phase, to 0.1 A; max_a null: the charger's own capacity.
  min_a numeric(6, 1) not null default 6 check (min_a >= 0),
  max_a numeric(6, 1) check (max_a > 0),
  -- Set when the charger refused a charging profile: counted at its full rating until it accepts one.
  rejects_profiles boolean not null default false,
  -- 'W' when the charger accepts limits in watts only.
  rate_unit text not null default 'A' check (rate_unit in ('A', 'W')),
  -- The last allocation: the limit sent (null: none), why, and the rotation state it returns.
  limit_a numeric(6, 1),
  fallback_a numeric(6, 1),
  reason text not null default 'idle',
  site_phases_a double precision[] not null default '{0,0,0}',
  -- The transaction its TxProfile was set for (null: none set).
  profile_transaction_id bigint,
  served_since timestamptz,
  waiting_since timestamptz,
  updated_at timestamptz not null default now()
);
create index load_chargers_station_idx on load_chargers (station_id);

-- The last allocation of a site, when it runs again (rotation) and the per-phase figures it gave.
create table load_sites (
  station_id bigint primary key references sites (id) on delete cascade,
  computed_at timestamptz,
  next_change_at timestamptz,
  phases jsonb not null default '[]'
);

-- The capacity schedule: lower limits by weekday (1 Monday .. 7 Sunday) and time band, in the site's time zone.
create table load_schedule_bands (
  id bigserial primary key,
  station_id bigint not null references sites (id) on delete cascade,
  position integer not null,
  days smallint[] not null check (cardinality(days) between 1 and 7 and days <@ '{1,2,3,4,5,6,7}'::smallint[]),
  from_minute integer not null check (from_minute between 0 and 1440),
  to_minute integer not null check (to_minute between 0 and 1440 and to_minute > from_minute),
  limit_a numeric(6, 1) not null check (limit_a >= 0)
);
create index load_schedule_bands_station_idx on load_schedule_bands (station_id, position);

-- The site's measured current per phase, one row a minute while load management runs (the last 24 hours' chart);
-- rows older than two days are pruned.
create table load_samples (
  station_id bigint not null references sites (id) on delete cascade,
  minute timestamptz not null,
  current_a double precision[] not null,
  primary key (station_id, minute)
);
