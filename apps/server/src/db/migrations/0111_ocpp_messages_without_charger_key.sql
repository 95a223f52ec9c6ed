-- The message log's foreign key to chargers goes (issue 20): each batch insert took a KEY SHARE lock on the row of
-- every charger in it, in no order, and deadlocked with transactions that lock several chargers' rows (bench:ocpp
-- showed it). A deleted charger's messages are no longer reachable (ids are not reused) and go with the retention.
alter table ocpp_messages drop constraint ocpp_messages_charger_id_fkey;
-- Cheaper writes: the action is searched as part of its name (ilike '%...%'), which no b-tree serves, so its index
-- only cost every insert; and the payload is only ever read back whole, so it is kept as json text, not parsed
-- into jsonb.
drop index ocpp_messages_charger_action_at;
alter table ocpp_messages alter column payload type json using payload::json;
