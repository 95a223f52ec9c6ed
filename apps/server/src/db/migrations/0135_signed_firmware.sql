-- Signed firmware (OCPP 1.6 security whitepaper edition 3, L01): a catalogue entry may carry the PEM certificate it
-- was signed with and its base64 signature; an entry with both is offered with SignedUpdateFirmware, one without
-- with plain UpdateFirmware. Limits as SignedUpdateFirmware.req has them (signingCertificate string[0..5500],
-- signature string[0..800]).
alter table firmware_versions
  add column signing_certificate text check (char_length(signing_certificate) <= 5500),
  add column signature text check (char_length(signature) <= 800),
  add constraint firmware_versions_signed_both check ((signing_certificate is null) = (signature is null));

-- The requestId of the last SignedUpdateFirmware sent to the charger, then the one its
-- SignedFirmwareStatusNotification carried (null for plain UpdateFirmware and for a report without one).
alter table chargers add column firmware_request_id integer;
