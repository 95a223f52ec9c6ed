import type { CallDefinition } from './call-definition.ts';
import {
  deleteCertificateAnswerSchema,
  deleteCertificateSchema,
  installCertificateAnswerSchema,
  installCertificateSchema,
  installedCertificatesQuerySchema,
  installedCertificatesSchema,
  signingHistoryQuerySchema,
  signingHistorySchema,
} from './certificates.ts';

/**
 * A charger's certificates (OCPP 1.6 security whitepaper). The operations answer the charger's own status; 1003 when
 * it is offline or silent, 1039 when it answers with a CALLERROR (a charger without the security extension).
 */
export const certificateCalls = {
  '/cms-system/system/certificate/v2/install': {
    body: installCertificateSchema,
    data: installCertificateAnswerSchema,
    access: 'site',
    summary: 'InstallCertificate: a Central System or Manufacturer root certificate (PEM) on the charger',
  },
  '/cms-system/system/certificate/v2/list': {
    body: installedCertificatesQuerySchema,
    data: installedCertificatesSchema,
    access: 'site',
    summary:
      "GetInstalledCertificateIds: the hash data of the charger's root certificates of a kind (subject when known)",
  },
  '/cms-system/system/certificate/v2/delete': {
    body: deleteCertificateSchema,
    data: deleteCertificateAnswerSchema,
    access: 'site',
    summary: 'DeleteCertificate: removes one installed certificate, named by its hash data',
  },
  '/cms-system/system/certificate/v2/signings': {
    body: signingHistoryQuerySchema,
    data: signingHistorySchema,
    access: 'site',
    summary:
      "The charger's certificate signing history: CSRs received, signed or refused, and its CertificateSigned answers",
  },
} as const satisfies Record<string, CallDefinition>;
