-- OCPP 1.6 security whitepaper profiles (issue 20): 1 Basic auth, 2 TLS + Basic auth, 3 TLS + client certificate.
-- A charger is only let in at its profile or above: one on 2 never over plain ws, one on 3 never without its
-- certificate.
alter table chargers
  add column security_profile smallint not null default 1 check (security_profile between 1 and 3);
