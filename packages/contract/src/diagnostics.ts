import { z } from 'zod';

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const chargerId = z.number().int().positive();

/** The largest diagnostics file a charger may upload, bytes. */
export const diagnosticsMaxBytes = 20 * 1024 * 1024;
/** Path of the one-time upload URL given to the charger: `${base}${diagnosticsUploadPath}/{token}` (PUT or POST). */
export const diagnosticsUploadPath = '/ocpp-diagnostics';
/** POST with `{stationId, id}`: the uploaded file itself (not a JSON call). */
export const diagnosticsFilePath = '/cms-system/system/diagnostics/v2/file';
export const diagnosticsMissingMessage = 'The diagnostics file does not exist';

export const diagnosticsRequestSchema = z.object({ stationId, chargerId });

/** A GetDiagnostics request and, once the charger uploaded it, its file. */
export const diagnosticsSchema = z.object({
  id: z.number().int(),
  requestedAt: z.iso.datetime(),
  /** The upload URL stops working then. */
  expiresAt: z.iso.datetime(),
  /** The file name the charger announced, then the one it uploaded; null when it has no diagnostics. */
  fileName: z.string().nullable(),
  size: z.number().int().nullable(),
  uploadedAt: z.iso.datetime().nullable(),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

export const diagnosticsListSchema = z.object({
  list: z.array(diagnosticsSchema),
  /** The charger's last DiagnosticsStatusNotification (Idle, Uploading, Uploaded, UploadFailed), null if none. */
  status: z.string().nullable(),
});
export type DiagnosticsList = z.infer<typeof diagnosticsListSchema>;

export const diagnosticsFileSchema = z.object({ stationId, id: z.number().int().positive() });
