-- The overview's totals and day series of long periods (0071) read a day's sums per charger: 200 rows a day on a
-- site of 200 chargers, 73,000 for a year. The site's own sums per day make that one row a day. Kept by the same
-- statement triggers as the others (the statement of 0071 gains this table).
create table session_days (
  station_id bigint not null,
  day date not null,
  sessions integer not null,
  energy_wh bigint not null,
  net_minor bigint not null,
  gross_minor bigint not null,
  duration_us bigint not null,
  last_end timestamptz,
  primary key (station_id, day)
);
create index session_days_empty_idx on session_days (station_id) where sessions = 0;

create or replace function session_totals_sql(source text) returns text language sql immutable as $f$
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
    days as (
      insert into session_days as t (station_id, day, sessions, energy_wh, net_minor, gross_minor, duration_us,
        last_end)
      select station_id, day, sum(sign), sum(sign * energy_wh), sum(sign * net_minor), sum(sign * gross_minor),
        sum(sign * duration_us), max(end_time)
      from d group by 1, 2
      having sum(sign) <> 0 or sum(sign * energy_wh) <> 0 or sum(sign * net_minor) <> 0
        or sum(sign * gross_minor) <> 0 or sum(sign * duration_us) <> 0
      on conflict (station_id, day) do update set
        sessions = t.sessions + excluded.sessions, energy_wh = t.energy_wh + excluded.energy_wh,
        net_minor = t.net_minor + excluded.net_minor, gross_minor = t.gross_minor + excluded.gross_minor,
        duration_us = t.duration_us + excluded.duration_us, last_end = greatest(t.last_end, excluded.last_end)
      returning t.station_id
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
    select (select count(*) from chargers) + (select count(*) from days) + (select count(*) from sources)
      + (select count(*) from cards)
  $q$, source)
$f$;

create or replace function session_totals_drop_empty() returns void language sql as $$
  delete from session_day_chargers where sessions = 0;
  delete from session_days where sessions = 0;
  delete from session_day_start_by where sessions = 0;
  delete from session_month_cards where sessions = 0;
$$;

create or replace function session_totals_rebuild(site bigint) returns void language plpgsql as $$
begin
  delete from session_day_chargers where station_id = site;
  delete from session_days where station_id = site;
  delete from session_day_start_by where station_id = site;
  delete from session_month_cards where station_id = site;
  execute session_totals_sql(format(
    'select 1 as sign, * from charging_sessions where station_id = %s and status = %L', site, 'complete'));
end $$;

create or replace function sites_session_totals() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from session_day_chargers where station_id = old.id;
    delete from session_days where station_id = old.id;
    delete from session_day_start_by where station_id = old.id;
    delete from session_month_cards where station_id = old.id;
    return old;
  end if;
  perform session_totals_rebuild(new.id);
  return new;
end $$;

select session_totals_rebuild(id) from sites;
