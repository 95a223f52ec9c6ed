-- Transaction ids become text (issue 15): an OCPP 2.0.1 charger chooses its own (a string of up to 36 characters,
-- usually a UUID). OCPP 1.6 ids stay integers at the edge (ocpp/v16/transaction-id.ts): the ones this server hands
-- out (a session's own id) and the ones a charger names in StopTransaction / MeterValues are stored as their
-- decimal digits, so a 1.6 charger's 42 is '42' whichever message names it.
-- The type change rewrites the table and rebuilds its indexes (the two unique transaction keys included, with their
-- predicates): 37 s for a million sessions (798 MB with indexes) on the embedded PostgreSQL of a busy 2-core machine.
alter table charging_sessions
  alter column transaction_id type text using transaction_id::text;

-- The transaction the charger's TxProfile was set for (load management), in the same words.
alter table load_chargers
  alter column profile_transaction_id type text using profile_transaction_id::text;
