import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { CertificatesService } from './certificates.service.ts';

type CertificatePath = Extract<CallPath, `/cms-system/system/certificate/${string}`>;

/** A charger's certificates; the service checks the charger is in the caller's site (1001 otherwise). */
export function certificatesRoutes(certificates: CertificatesService): CallHandlers<CertificatePath> {
  return {
    '/cms-system/system/certificate/v2/install': ({ stationId, body: { stationId: _site, ...input } }) =>
      certificates.install(stationId, input),
    '/cms-system/system/certificate/v2/list': ({ stationId, body: { stationId: _site, ...input } }) =>
      certificates.installed(stationId, input),
    '/cms-system/system/certificate/v2/delete': ({ stationId, body: { stationId: _site, ...input } }) =>
      certificates.delete(stationId, input),
    '/cms-system/system/certificate/v2/signings': ({ stationId, body }) =>
      certificates.signings(stationId, body),
  };
}
