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

/**
 * What is asked of the charger: its diagnostics (GetDiagnostics, OCPP 1.6 6.21), or a log of the security
 * whitepaper's GetLog (edition 3, N01): the diagnostics log or the security log.
 */
export const diagnosticsKinds = ['Diagnostics', 'DiagnosticsLog', 'SecurityLog'] as const;
export const diagnosticsKindSchema = z.enum(diagnosticsKinds);
export type DiagnosticsKind = z.infer<typeof diagnosticsKindSchema>;

/** GetLog.conf status. */
export const logAnswers = ['Accepted', 'Rejected', 'AcceptedCanceled'] as const;
/** LogStatusNotification status (UploadLogStatusEnumType). */
export const logStatuses = [
  'BadMessage',
  'Idle',
  'NotSupportedOperation',
  'PermissionDenied',
  'Uploaded',
  'UploadFailure',
  'Uploading',
] as const;

/** diagnostics/v2/request: the kind (Diagnostics by default) and an optional time window of what to upload. */
export const diagnosticsAskSchema = z
  .object({
    stationId,
    chargerId,
    kind: diagnosticsKindSchema.default('Diagnostics'),
    /** The oldest entries wanted (GetDiagnostics startTime, GetLog oldestTimestamp). */
    from: z.iso.datetime({ offset: true }).optional(),
    /** The newest entries wanted (GetDiagnostics stopTime, GetLog latestTimestamp). */
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((b) => !b.from || !b.to || Date.parse(b.from) < Date.parse(b.to), {
    message: 'The start of the time window must come before its end',
    path: ['to'],
  });
export type DiagnosticsAsk = z.input<typeof diagnosticsAskSchema>;

/** A GetDiagnostics or GetLog request and, once the charger uploaded it, its file. */
export const diagnosticsSchema = z.object({
  /** Also the GetLog requestId the charger's LogStatusNotification names. */
  id: z.number().int(),
  kind: diagnosticsKindSchema,
  from: z.iso.datetime().nullable(),
  to: z.iso.datetime().nullable(),
  /** GetLog.conf status (Accepted, Rejected, AcceptedCanceled); null for GetDiagnostics. */
  answer: z.enum(logAnswers).nullable(),
  /** The charger's last LogStatusNotification for this GetLog, null if none. */
  logStatus: z.enum(logStatuses).nullable(),
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
