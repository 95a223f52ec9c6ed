-- The certificate messages of the OCPP 1.6 security whitepaper, edition 3 (issue 20).
-- Root certificates installed on a charger from the console (InstallCertificate Accepted): the charger reports only
-- hash data (GetInstalledCertificateIds), so the console names them by the certificates it sent.
create table charger_certificates (
  id bigint generated always as identity primary key,
  charger_id integer not null references chargers (id) on delete cascade,
  certificate_type text not null,
  pem text not null,
  subject text not null,
  not_after timestamptz not null,
  installed_at timestamptz not null
);
create index charger_certificates_charger on charger_certificates (charger_id, certificate_type);

-- Every SignCertificate a charger sent (A02/A03): signed with the configured CA or refused, and its answer to the
-- CertificateSigned that followed. An audit trail: rows go with their charger.
create table charger_certificate_signings (
  id bigint generated always as identity primary key,
  charger_id integer not null references chargers (id) on delete cascade,
  received_at timestamptz not null,
  subject text,
  status text not null check (status in ('Accepted', 'Rejected')),
  refusal text check (refusal in ('no-ca', 'invalid-csr', 'cn-mismatch')),
  serial_number text,
  not_after timestamptz,
  signed_status text check (signed_status in ('Accepted', 'Rejected', 'unanswered')),
  answered_at timestamptz
);
create index charger_certificate_signings_charger on charger_certificate_signings (charger_id, id desc);
