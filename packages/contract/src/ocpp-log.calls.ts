import type { CallDefinition } from './call-definition.ts';
import {
  connectionHistoryQuerySchema,
  connectionHistorySchema,
  ocppLogExportQuerySchema,
  ocppLogExportSchema,
  ocppLogPageSchema,
  ocppLogQuerySchema,
  securityEventPageSchema,
} from './ocpp-log.ts';

/** A charger's OCPP message log and connection history (troubleshooting). */
export const ocppLogCalls = {
  '/cms-system/system/ocpp-log/v2/messages': {
    body: ocppLogQuerySchema,
    data: ocppLogPageSchema,
    access: 'site',
    summary: "A page of a charger's OCPP messages, both ways, newest first, filtered by action and time",
  },
  '/cms-system/system/ocpp-log/v2/export': {
    body: ocppLogExportQuerySchema,
    data: ocppLogExportSchema,
    access: 'site',
    summary: "A charger's OCPP messages matching the filter, newest first, at most 10,000 (for a file)",
  },
  '/cms-system/system/ocpp-log/v2/connections': {
    body: connectionHistoryQuerySchema,
    data: connectionHistorySchema,
    access: 'site',
    summary: "A charger's connection history: connects, disconnects with close codes, refused handshakes",
  },
  '/cms-system/system/ocpp-log/v2/security-events': {
    body: connectionHistoryQuerySchema,
    data: securityEventPageSchema,
    access: 'site',
    summary: "A charger's SecurityEventNotifications, newest first",
  },
} as const satisfies Record<string, CallDefinition>;
