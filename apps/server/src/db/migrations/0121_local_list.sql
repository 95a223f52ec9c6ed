-- OCPP 1.6 Local Authorization List (issue 20): a site's cards kept on its chargers, so that they authorize while
-- offline. Owned by modules/local-list.

-- The switch per site, and the version of the site's list (raised on every change of its entries).
create table local_list_sites (
  station_id integer primary key references sites (id) on delete cascade,
  enabled boolean not null default false,
  version integer not null default 0,
  updated_at timestamptz not null default now()
);

-- The site's list as last computed from its cards: status null means removed at that version (a Differential
-- update sends it without idTagInfo).
create table local_list_entries (
  station_id integer not null references sites (id) on delete cascade,
  id_tag text not null,
  status text,
  version integer not null,
  primary key (station_id, id_tag)
);

-- What each charger holds: the list version it accepted, and how the last update went.
create table local_list_chargers (
  charger_id integer primary key references chargers (id) on delete cascade,
  version integer not null default 0,
  -- synced | pending | failed | notSupported | tooLong
  state text not null default 'pending',
  -- SendLocalListMaxLength and LocalAuthListMaxLength as the charger reported them (null: not said)
  send_max_length integer,
  max_length integer,
  updated_at timestamptz not null default now()
);
