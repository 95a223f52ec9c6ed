-- SignCertificate is limited per charger (docs/security.md): the first request past the limit in a window is
-- recorded in the signing history as refused for being one too many.
alter table charger_certificate_signings drop constraint charger_certificate_signings_refusal_check;
alter table charger_certificate_signings
  add constraint charger_certificate_signings_refusal_check
  check (refusal in ('no-ca', 'invalid-csr', 'cn-mismatch', 'too-many'));
