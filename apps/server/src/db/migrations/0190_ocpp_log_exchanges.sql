-- The message log as one row per exchange (issue 15): a CALL and its CALLRESULT or CALLERROR, written once the
-- answer is sent or has arrived (or the call went unanswered). Two rows per message made the log the largest share
-- of the rows, index entries and WAL PostgreSQL wrote per message under bench:ocpp (bench/ocpp README, session 10).
--   direction: who called: 'in' the charger, 'out' the central system (of an 'invalid' frame: who sent it)
--   at: when the CALL went over the socket (when the answer did, for an answer to a CALL not seen)
--   answered_at: when its answer did (null: no answer)
--   kind: the outcome: 'result', 'error' (error_code), 'unanswered' (timed out, or the socket closed first), or
--     'invalid' (a frame that is not an OCPP-J message, its text cut, in payload)
--   payload: the CALL's payload (null for an answer to a CALL not seen); answer: the result's payload or the error's
--     description and details. Both read back whole (json text), secrets masked before they are written.
-- The rows already written are paired here, once, rather than kept in an old table read until the retention drops
-- it: the log holds OCPP_LOG_DAYS (7 by default) of rows, and one shape means one query and one screen.
alter table ocpp_messages add column answered_at timestamptz, add column answer json;
alter table ocpp_messages alter column payload drop not null;
alter table ocpp_messages drop constraint ocpp_messages_kind_check;

with pairs as (
  select distinct on (c.id) c.id as call_id, a.id as answer_id, a.at, a.kind, a.error_code, a.payload
  from ocpp_messages c
  join ocpp_messages a on a.charger_id = c.charger_id and a.message_id = c.message_id
    and a.direction <> c.direction and a.kind in ('result', 'error')
    and a.at >= c.at and a.at < c.at + interval '1 hour'
  where c.kind = 'call'
  order by c.id, a.at, a.id
), paired as (
  update ocpp_messages m
  set answered_at = p.at, answer = p.payload, kind = p.kind, error_code = p.error_code
  from pairs p
  where m.id = p.call_id
  returning p.answer_id
)
delete from ocpp_messages where id in (select answer_id from paired);

update ocpp_messages set kind = 'unanswered' where kind = 'call';
update ocpp_messages
set direction = case direction when 'in' then 'out' else 'in' end, answered_at = at, answer = payload, payload = null
where kind in ('result', 'error') and answered_at is null;

alter table ocpp_messages add constraint ocpp_messages_kind_check
  check (kind in ('result', 'error', 'unanswered', 'invalid'));
