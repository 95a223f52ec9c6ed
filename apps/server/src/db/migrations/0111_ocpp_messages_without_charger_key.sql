-- The message log's foreign key to chargers goes (issue 20): each batch insert took a KEY SHARE lock on the row of
-- every charger in it, in no order, and deadlocked with transactions that lock several chargers' rows (bench:ocpp
-- showed it). A deleted charger's messages are no longer reachable (ids are not reused) and go with the retention.
alter table ocpp_messages drop constraint ocpp_messages_charger_id_fkey;
