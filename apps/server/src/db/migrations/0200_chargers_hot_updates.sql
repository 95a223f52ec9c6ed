-- The sweep no longer writes last_seen_at of every connected charger once an interval (a live node's `nodes` row
-- vouches for its sockets), and no query needs (connected, last_seen_at) any more: the backstop for chargers of an
-- unknown node reads the table once an interval. Without this index a charger's status update (status, error code,
-- last_seen_at, updated_at: no indexed column) can be a HOT update, which writes none of the table's indexes; room
-- left on each page lets the new version stay on the same page.
drop index if exists chargers_connected_last_seen_idx;
alter table chargers set (fillfactor = 80);
