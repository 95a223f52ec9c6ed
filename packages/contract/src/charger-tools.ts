import { z } from 'zod';

// The console's OCPP 1.6 troubleshooting operations on a charger (docs/ocpp.md, Troubleshooting): each sends one
// message through the connection registry and answers the charger's status as it came.

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const chargerId = z
  .number({ error: 'Choose a charger' })
  .int('Choose a charger')
  .positive('Choose a charger');
const connectorId = z
  .number({ error: 'Choose a connector' })
  .int('Choose a connector')
  .min(0, 'Choose a connector')
  .max(99, 'Choose a connector');

export const availabilityTypes = ['Operative', 'Inoperative'] as const;
export const availabilityStatuses = ['Accepted', 'Rejected', 'Scheduled'] as const;
export const unlockStatuses = ['Unlocked', 'UnlockFailed', 'NotSupported'] as const;
export const clearCacheStatuses = ['Accepted', 'Rejected'] as const;
/** The six messages OCPP 1.6 TriggerMessage can ask for. */
export const triggerableMessages = [
  'BootNotification',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'StatusNotification',
] as const;
export type TriggerableMessage = (typeof triggerableMessages)[number];
export const triggerStatuses = ['Accepted', 'Rejected', 'NotImplemented'] as const;
export const configurationStatuses = ['Accepted', 'Rejected', 'RebootRequired', 'NotSupported'] as const;
export type ConfigurationStatus = (typeof configurationStatuses)[number];

/** OCPP 1.6: a configuration key is a CiString50, a value a CiString500. */
export const chargerToolLimits = { keyMax: 50, valueMax: 500, keysMax: 100 } as const;

export const changeAvailabilitySchema = z.object({
  stationId,
  chargerId,
  connectorId: connectorId.describe('0: the whole charger'),
  type: z.enum(availabilityTypes, { error: 'Choose operative or inoperative' }),
});
export type ChangeAvailability = z.infer<typeof changeAvailabilitySchema>;

export const unlockConnectorSchema = z.object({
  stationId,
  chargerId,
  connectorId: connectorId.min(1, 'Choose a connector'),
});
export type UnlockConnector = z.infer<typeof unlockConnectorSchema>;

export const chargerToolRefSchema = z.object({ stationId, chargerId });

export const triggerMessageSchema = z.object({
  stationId,
  chargerId,
  requestedMessage: z.enum(triggerableMessages, { error: 'Choose a message' }),
  connectorId: connectorId.optional().describe('For StatusNotification and MeterValues: one connector only'),
});
export type TriggerMessage = z.infer<typeof triggerMessageSchema>;

const configurationKey = z
  .string({ error: 'Enter the key' })
  .trim()
  .min(1, 'Enter the key')
  .max(chargerToolLimits.keyMax, 'A key has at most 50 characters');

export const getConfigurationSchema = z.object({
  stationId,
  chargerId,
  keys: z
    .array(configurationKey)
    .max(chargerToolLimits.keysMax)
    .optional()
    .describe('All keys when left out'),
});
export type GetConfiguration = z.infer<typeof getConfigurationSchema>;

export const changeConfigurationSchema = z.object({
  stationId,
  chargerId,
  // The charger's password goes through pin/reset, which keeps the old one until the charger has the new one.
  key: configurationKey.refine((key) => key.toLowerCase() !== 'authorizationkey', {
    message: 'Set a new AuthorizationKey with "reset PIN"',
  }),
  value: z
    .string({ error: 'Enter the value' })
    .max(chargerToolLimits.valueMax, 'A value has at most 500 characters'),
});
export type ChangeConfiguration = z.infer<typeof changeConfigurationSchema>;

/** The charger's answers, as it sent them. */
export const availabilityAnswerSchema = z.object({ status: z.enum(availabilityStatuses) });
export const unlockAnswerSchema = z.object({ status: z.enum(unlockStatuses) });
export const clearCacheAnswerSchema = z.object({ status: z.enum(clearCacheStatuses) });
export const triggerAnswerSchema = z.object({ status: z.enum(triggerStatuses) });
export const configurationAnswerSchema = z.object({ status: z.enum(configurationStatuses) });

export const configurationEntrySchema = z.object({
  key: z.string(),
  readonly: z.boolean(),
  /** null when the charger gave none (a write-only key such as AuthorizationKey). */
  value: z.string().nullable(),
});
export type ConfigurationEntry = z.infer<typeof configurationEntrySchema>;

export const chargerConfigurationSchema = z.object({
  keys: z.array(configurationEntrySchema),
  /** Keys asked for that the charger does not know. */
  unknownKeys: z.array(z.string()),
});
export type ChargerConfiguration = z.infer<typeof chargerConfigurationSchema>;

export const dataTransferStatuses = ['Accepted', 'Rejected', 'UnknownMessageId', 'UnknownVendorId'] as const;

/** DataTransfer to the charger: a vendor's own message, sent and answered raw (OCPP 1.6: CiString255 / 50). */
export const dataTransferSchema = z.object({
  stationId,
  chargerId,
  vendorId: z
    .string({ error: 'Enter the vendor id' })
    .trim()
    .min(1, 'Enter the vendor id')
    .max(255, 'A vendor id has at most 255 characters'),
  messageId: z.string().trim().max(50, 'A message id has at most 50 characters').optional(),
  data: z.string().max(10_000, 'At most 10,000 characters of data').optional(),
});
export type DataTransfer = z.infer<typeof dataTransferSchema>;

export const dataTransferAnswerSchema = z.object({
  status: z.enum(dataTransferStatuses),
  /** What the charger sent back, as it came; null when nothing. */
  data: z.string().nullable(),
});
export type DataTransferAnswer = z.infer<typeof dataTransferAnswerSchema>;

/**
 * The messages ExtendedTriggerMessage can ask for (OCPP 1.6 security whitepaper ed. 3, MessageTriggerEnumType):
 * FirmwareStatusNotification brings a SignedFirmwareStatusNotification, SignChargePointCertificate a SignCertificate.
 */
export const extendedTriggerableMessages = [
  'BootNotification',
  'LogStatusNotification',
  'FirmwareStatusNotification',
  'Heartbeat',
  'MeterValues',
  'SignChargePointCertificate',
  'StatusNotification',
] as const;
export type ExtendedTriggerableMessage = (typeof extendedTriggerableMessages)[number];

export const extendedTriggerMessageSchema = z.object({
  stationId,
  chargerId,
  requestedMessage: z.enum(extendedTriggerableMessages, { error: 'Choose a message' }),
  // The whitepaper's connectorId is an integer > 0, only for a message about one connector.
  connectorId: connectorId
    .min(1, 'Choose a connector')
    .optional()
    .describe('For StatusNotification and MeterValues: one connector only'),
});
export type ExtendedTriggerMessage = z.infer<typeof extendedTriggerMessageSchema>;
