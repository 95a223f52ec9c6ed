-- The requestId of each SignedUpdateFirmware (an integer in OCPP): unique across chargers and nodes, so that a
-- charger's SignedFirmwareStatusNotification names the one request it belongs to. Cycles long before 2^31.
create sequence firmware_request_ids as integer maxvalue 2000000000 cycle;
