-- Every event row used to check its site through a foreign key: the check locks the site's row (FOR KEY SHARE), and
-- the concurrent transactions of a site's chargers then share that lock through a MultiXact, which made each
-- StatusNotification cost PostgreSQL several times its own work. The key goes; a trigger keeps what the cascade
-- gave: deleting a site (or the account that owns it) deletes its events.
alter table events drop constraint events_station_id_fkey;

create function events_forget_site() returns trigger language plpgsql as $$
begin
  delete from events where station_id = old.id;
  return old;
end
$$;

create trigger sites_forget_events after delete on sites for each row execute function events_forget_site();
