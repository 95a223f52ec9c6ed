import type { CallDefinition } from './call-definition.ts';
import { diagnosticsListSchema, diagnosticsRequestSchema, diagnosticsSchema } from './diagnostics.ts';

/** GetDiagnostics with an upload URL of the server's own; the file is read with diagnostics/v2/file. */
export const diagnosticsCalls = {
  '/cms-system/system/diagnostics/v2/request': {
    body: diagnosticsRequestSchema,
    data: diagnosticsSchema,
    access: 'site',
    summary:
      'Asks the charger for its diagnostics (GetDiagnostics) with a one-time upload URL of this server',
  },
  '/cms-system/system/diagnostics/v2/list': {
    body: diagnosticsRequestSchema,
    data: diagnosticsListSchema,
    access: 'site',
    summary: "The charger's diagnostics requests and uploaded files, newest first, and its upload status",
  },
} as const satisfies Record<string, CallDefinition>;
