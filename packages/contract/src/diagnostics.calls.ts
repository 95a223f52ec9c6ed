import type { CallDefinition } from './call-definition.ts';
import {
  diagnosticsAskSchema,
  diagnosticsListSchema,
  diagnosticsRequestSchema,
  diagnosticsSchema,
} from './diagnostics.ts';

/** GetDiagnostics and GetLog with an upload URL of the server's own; the file is read with diagnostics/v2/file. */
export const diagnosticsCalls = {
  '/cms-system/system/diagnostics/v2/request': {
    body: diagnosticsAskSchema,
    data: diagnosticsSchema,
    access: 'site',
    summary:
      'Asks the charger for its diagnostics (GetDiagnostics) or a log (GetLog: DiagnosticsLog, SecurityLog) with a one-time upload URL of this server',
  },
  '/cms-system/system/diagnostics/v2/list': {
    body: diagnosticsRequestSchema,
    data: diagnosticsListSchema,
    access: 'site',
    summary: "The charger's diagnostics requests and uploaded files, newest first, and its upload status",
  },
} as const satisfies Record<string, CallDefinition>;
