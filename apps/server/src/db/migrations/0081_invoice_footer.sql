-- The site's invoice footer (the rich-text editor's, modules/notices) as plain text, fixed on the invoice when it is
-- issued like the seller: a later change of the footer leaves issued invoices as they were.
alter table invoices add column footer text not null default '';

create or replace function invoices_frozen() returns trigger language plpgsql as $$
begin
  if old.status <> 'draft' and (
    new.number is distinct from old.number or new.sequence is distinct from old.sequence
    or new.kind is distinct from old.kind or new.station_id is distinct from old.station_id
    or new.customer is distinct from old.customer or new.bill_to is distinct from old.bill_to
    or new.seller is distinct from old.seller or new.description is distinct from old.description
    or new.fee is distinct from old.fee or new.net_minor is distinct from old.net_minor
    or new.vat_minor is distinct from old.vat_minor or new.gross_minor is distinct from old.gross_minor
    or new.issued_at is distinct from old.issued_at or new.period_from is distinct from old.period_from
    or new.period_to is distinct from old.period_to or new.language is distinct from old.language
    or new.credit_of is distinct from old.credit_of or new.footer is distinct from old.footer
    or new.status = 'draft'
  ) then
    raise exception 'invoice % is issued and cannot change', old.id using errcode = 'check_violation';
  end if;
  return new;
end $$;
