-- A reading's foreign key to its charger goes (bench/ocpp/README.md, session 9): every meter_values row inserted ran
-- the key's check, a query of its own that locked the charger's row (FOR KEY SHARE: a write to that row's header),
-- 0.5 of the 1.2 to 1.4 statements PostgreSQL ran per message under bench:ocpp, and it queued behind the statuses'
-- batches that lock the same rows. Triggers keep what the key gave: deleting a charger (or its site, or the
-- account) deletes its readings outside sessions (0042's trigger, before the delete) and leaves those of sessions
-- without a charger (ON DELETE SET NULL until now, this trigger after it). A reading written by a message still in flight while its
-- charger is deleted keeps the deleted id; ids are not reused, so no other charger ever shows it (as with 0111).
alter table meter_values drop constraint meter_values_charger_id_fkey;

create function meter_values_forget_charger() returns trigger language plpgsql as $$
begin
  update meter_values set charger_id = null where charger_id = old.id;
  return old;
end
$$;

create trigger chargers_forget_meter_values after delete on chargers
  for each row execute function meter_values_forget_charger();
