import { z } from 'zod';

// The certificate messages of the OCPP 1.6 security whitepaper (edition 3): root certificates installed on a charger
// (InstallCertificate, GetInstalledCertificateIds, DeleteCertificate: M03-M05) and the charger's own certificate
// signed by the CA the server is given (SignCertificate / CertificateSigned: A02, A03). docs/ocpp.md, Certificates.

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const chargerId = z
  .number({ error: 'Choose a charger' })
  .int('Choose a charger')
  .positive('Choose a charger');

/** CertificateUseEnumType: the two kinds of root certificate a charger keeps. */
export const certificateTypes = ['CentralSystemRootCertificate', 'ManufacturerRootCertificate'] as const;
export type CertificateType = (typeof certificateTypes)[number];
export const hashAlgorithms = ['SHA256', 'SHA384', 'SHA512'] as const;
export type HashAlgorithm = (typeof hashAlgorithms)[number];
export const installCertificateStatuses = ['Accepted', 'Failed', 'Rejected'] as const;
export const installedCertificateStatuses = ['Accepted', 'NotFound'] as const;
export const deleteCertificateStatuses = ['Accepted', 'Failed', 'NotFound'] as const;

/** OCPP 1.6 security whitepaper: a certificate is at most 5500 characters of PEM. */
export const certificateLimits = { pemMax: 5500, hashMax: 128, serialMax: 40 } as const;

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[0-9a-fA-F]+$/, 'A hexadecimal value');

/** CertificateHashDataType: names one certificate by its issuer's name and key hashes and its serial number. */
export const certificateHashDataSchema = z.object({
  hashAlgorithm: z.enum(hashAlgorithms),
  issuerNameHash: hex(certificateLimits.hashMax),
  issuerKeyHash: hex(certificateLimits.hashMax),
  serialNumber: hex(certificateLimits.serialMax),
});
export type CertificateHashData = z.infer<typeof certificateHashDataSchema>;

export const installCertificateSchema = z.object({
  stationId,
  chargerId,
  certificateType: z.enum(certificateTypes, { error: 'Choose the kind of certificate' }),
  certificate: z
    .string({ error: 'Paste the certificate (PEM)' })
    .trim()
    .max(certificateLimits.pemMax, 'A certificate has at most 5500 characters')
    .regex(
      /^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/,
      'Paste one certificate in PEM (-----BEGIN CERTIFICATE-----)',
    ),
});
export type InstallCertificate = z.infer<typeof installCertificateSchema>;
export const installCertificateAnswerSchema = z.object({ status: z.enum(installCertificateStatuses) });

export const installedCertificatesQuerySchema = z.object({
  stationId,
  chargerId,
  certificateType: z.enum(certificateTypes, { error: 'Choose the kind of certificate' }),
});
export type InstalledCertificatesQuery = z.infer<typeof installedCertificatesQuerySchema>;

export const installedCertificateSchema = z.object({
  hashData: certificateHashDataSchema,
  /** The certificate's subject and end of validity when this server knows it (installed from here, or its CA). */
  subject: z.string().nullable(),
  notAfter: z.string().nullable(),
});
export type InstalledCertificate = z.infer<typeof installedCertificateSchema>;

export const installedCertificatesSchema = z.object({
  status: z.enum(installedCertificateStatuses),
  certificates: z.array(installedCertificateSchema),
});
export type InstalledCertificates = z.infer<typeof installedCertificatesSchema>;

export const deleteCertificateSchema = z.object({
  stationId,
  chargerId,
  certificateHashData: certificateHashDataSchema,
});
export type DeleteCertificate = z.infer<typeof deleteCertificateSchema>;
export const deleteCertificateAnswerSchema = z.object({ status: z.enum(deleteCertificateStatuses) });

/** Why a SignCertificate was Rejected; 'too-many': past the charger's limit (signingLimit), unread. */
export const signingRefusals = ['no-ca', 'invalid-csr', 'cn-mismatch', 'too-many'] as const;
/** SignCertificates a charger may send in a sliding window; past it they are Rejected (docs/security.md). */
export const signingLimit = { requests: 5, windowMs: 60 * 60_000 } as const;
export type SigningRefusal = (typeof signingRefusals)[number];
/** What the charger answered to CertificateSigned; 'unanswered' when it was offline or sent a CALLERROR. */
export const certificateSignedStatuses = ['Accepted', 'Rejected', 'unanswered'] as const;

export const signingHistoryQuerySchema = z.object({
  stationId,
  chargerId,
  limit: z.number().int().min(1).max(100).default(20),
});
export type SigningHistoryQuery = z.infer<typeof signingHistoryQuerySchema>;

export const signingEntrySchema = z.object({
  id: z.number(),
  receivedAt: z.string(),
  /** The CSR's subject as it came (null when it could not be read). */
  subject: z.string().nullable(),
  status: z.enum(['Accepted', 'Rejected']),
  refusal: z.enum(signingRefusals).nullable(),
  /** The certificate signed: its serial number (hex) and end of validity. */
  serialNumber: z.string().nullable(),
  notAfter: z.string().nullable(),
  /** The charger's answer to CertificateSigned; null while it is under way. */
  signedStatus: z.enum(certificateSignedStatuses).nullable(),
});
export type SigningEntry = z.infer<typeof signingEntrySchema>;
export const signingHistorySchema = z.object({ signings: z.array(signingEntrySchema) });
export type SigningHistory = z.infer<typeof signingHistorySchema>;
