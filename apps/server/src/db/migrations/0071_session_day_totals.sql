-- The overview's figures (session-totals.repository.ts) over months of a site with a million sessions: summing the
-- sessions themselves reads about 125,000 rows for three months, several times per call. These tables keep the
-- sums of the completed sessions by the day (or month) they started on in the site's time zone, written in the same
-- statement as the sessions (statement triggers over the changed rows), so they are exact at each stop, delete or
-- recompute. Periods are whole days of the site's calendar: a period's sums are these rows' sums.
-- Owned by modules/sessions, like charging_sessions. No foreign key to sites: a key share lock on the site row at
-- each stop would queue a site's concurrent writes (see 0053); a site's rows go with it by trigger.

-- Per day and charger (charger_key 0 once the charger is deleted); the names as the sessions carry them.
create table session_day_chargers (
  station_id bigint not null,
  day date not null,
  charger_key bigint not null,
  product_code text not null,
  charger_alias text not null,
  sessions integer not null,
  energy_wh bigint not null,
  net_minor bigint not null,
  gross_minor bigint not null,
  -- Sum of end - start, microseconds.
  duration_us bigint not null,
  -- The latest end among the day's sessions (never lowered): the days whose sessions may run past a period's end.
  last_end timestamptz,
  primary key (station_id, day, charger_key, product_code, charger_alias)
);

create table session_day_start_by (
  station_id bigint not null,
  day date not null,
  start_by text not null,
  sessions integer not null,
  primary key (station_id, day, start_by)
);

-- Per month and card (id tag as the sessions carry it; the overview merges case variants as the list's filter does).
create table session_month_cards (
  station_id bigint not null,
  month date not null,
  id_tag text not null,
  sessions integer not null,
  energy_wh bigint not null,
  primary key (station_id, month, id_tag)
);

-- The rows left at zero by a delete, found without reading the tables (they are removed at once, so almost none).
create index session_day_chargers_empty_idx on session_day_chargers (station_id) where sessions = 0;
create index session_day_start_by_empty_idx on session_day_start_by (station_id) where sessions = 0;
create index session_month_cards_empty_idx on session_month_cards (station_id) where sessions = 0;

-- The statement that adds `sign` times each completed session of the rows `source` selects (columns of
-- charging_sessions plus sign). The trigger executes it itself: its transition tables are visible to it alone.
create function session_totals_sql(source text) returns text language sql immutable as $f$
  select format($q$
    with d as (
      select r.sign, r.station_id, (r.start_time at time zone st.time_zone)::date as day,
        coalesce(r.charger_id, 0) as charger_key, r.product_code, r.charger_alias, r.start_by, r.id_tag,
        coalesce(r.energy_wh, 0) as energy_wh, coalesce(r.cost_net_minor, 0) as net_minor,
        coalesce(r.cost_gross_minor, 0) as gross_minor,
        coalesce((extract(epoch from r.end_time - r.start_time) * 1000000)::bigint, 0) as duration_us, r.end_time
      from (%s) r join sites st on st.id = r.station_id
      where r.status = 'complete'
    ),
    chargers as (
      insert into session_day_chargers as t (station_id, day, charger_key, product_code, charger_alias, sessions,
        energy_wh, net_minor, gross_minor, duration_us, last_end)
      select station_id, day, charger_key, product_code, charger_alias, sum(sign), sum(sign * energy_wh),
        sum(sign * net_minor), sum(sign * gross_minor), sum(sign * duration_us), max(end_time)
      from d group by 1, 2, 3, 4, 5
      having sum(sign) <> 0 or sum(sign * energy_wh) <> 0 or sum(sign * net_minor) <> 0
        or sum(sign * gross_minor) <> 0 or sum(sign * duration_us) <> 0
      on conflict (station_id, day, charger_key, product_code, charger_alias) do update set
        sessions = t.sessions + excluded.sessions, energy_wh = t.energy_wh + excluded.energy_wh,
        net_minor = t.net_minor + excluded.net_minor, gross_minor = t.gross_minor + excluded.gross_minor,
        duration_us = t.duration_us + excluded.duration_us, last_end = greatest(t.last_end, excluded.last_end)
      returning t.station_id, t.day
    ),
    sources as (
      insert into session_day_start_by as t (station_id, day, start_by, sessions)
      select station_id, day, start_by, sum(sign) from d group by 1, 2, 3 having sum(sign) <> 0
      on conflict (station_id, day, start_by) do update set sessions = t.sessions + excluded.sessions
      returning t.station_id
    ),
    cards as (
      insert into session_month_cards as t (station_id, month, id_tag, sessions, energy_wh)
      select station_id, date_trunc('month', day)::date, id_tag, sum(sign), sum(sign * energy_wh)
      from d where id_tag <> '' group by 1, 2, 3 having sum(sign) <> 0 or sum(sign * energy_wh) <> 0
      on conflict (station_id, month, id_tag) do update set
        sessions = t.sessions + excluded.sessions, energy_wh = t.energy_wh + excluded.energy_wh
      returning t.station_id
    )
    select (select count(*) from chargers) + (select count(*) from sources) + (select count(*) from cards)
  $q$, source)
$f$;

-- Rows whose sessions are all gone (deleted, or no longer complete).
create function session_totals_drop_empty() returns void language sql as $$
  delete from session_day_chargers where sessions = 0;
  delete from session_day_start_by where sessions = 0;
  delete from session_month_cards where sessions = 0;
$$;

create function charging_sessions_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if exists (select 1 from new_rows where status = 'complete') then
      execute session_totals_sql('select 1 as sign, * from new_rows');
    end if;
  elsif tg_op = 'DELETE' then
    if exists (select 1 from old_rows where status = 'complete') then
      execute session_totals_sql('select -1 as sign, * from old_rows');
      perform session_totals_drop_empty();
    end if;
  elsif exists (select 1 from new_rows where status = 'complete')
    or exists (select 1 from old_rows where status = 'complete') then
    execute session_totals_sql('select 1 as sign, * from new_rows union all select -1, * from old_rows');
    perform session_totals_drop_empty();
  end if;
  return null;
end $$;

create trigger charging_sessions_totals_insert after insert on charging_sessions
  referencing new table as new_rows for each statement execute function charging_sessions_totals();
create trigger charging_sessions_totals_update after update on charging_sessions
  referencing old table as old_rows new table as new_rows for each statement execute function charging_sessions_totals();
create trigger charging_sessions_totals_delete after delete on charging_sessions
  referencing old table as old_rows for each statement execute function charging_sessions_totals();

-- A site's sums again from its sessions: its days move when its time zone changes.
create function session_totals_rebuild(site bigint) returns void language plpgsql as $$
begin
  delete from session_day_chargers where station_id = site;
  delete from session_day_start_by where station_id = site;
  delete from session_month_cards where station_id = site;
  execute session_totals_sql(format(
    'select 1 as sign, * from charging_sessions where station_id = %s and status = %L', site, 'complete'));
end $$;

create function sites_session_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from session_day_chargers where station_id = old.id;
    delete from session_day_start_by where station_id = old.id;
    delete from session_month_cards where station_id = old.id;
    return old;
  end if;
  perform session_totals_rebuild(new.id);
  return new;
end $$;

create trigger sites_session_totals_zone after update of time_zone on sites
  for each row when (old.time_zone is distinct from new.time_zone) execute function sites_session_totals();
create trigger sites_session_totals_delete after delete on sites
  for each row execute function sites_session_totals();

select session_totals_rebuild(id) from sites;
