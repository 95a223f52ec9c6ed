-- The message log's index on `at` only serves the retention job (rows older than OCPP_LOG_DAYS, deleted every 15
-- minutes); as a b-tree it cost each logged frame one more index entry, two a message, the largest share of the
-- WAL PostgreSQL wrote per message under bench:ocpp (session 9, --statements). Rows are written in the order of
-- their time, so a BRIN index (one summary per 32 pages) finds the old ones as well, at nearly no cost per insert.
drop index ocpp_messages_at;
create index ocpp_messages_at on ocpp_messages using brin (at) with (pages_per_range = 32, autosummarize = on);
