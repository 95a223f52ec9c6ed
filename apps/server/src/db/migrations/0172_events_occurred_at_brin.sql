-- The events' index on their time only serves the hourly pruning (a week's retention); as a b-tree it cost every
-- event, a StatusNotification's included, one of its four index entries (bench/ocpp README, session 9). Events are
-- written in the order of their time, so a BRIN index finds the old ones as well, at nearly no cost per insert.
drop index events_occurred_at_idx;
create index events_occurred_at_idx on events using brin (occurred_at)
  with (pages_per_range = 32, autosummarize = on);
