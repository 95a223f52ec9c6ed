import {
  codes,
  type CertificateHashData,
  type DeleteCertificate,
  type InstallCertificate,
  type InstalledCertificates,
  type InstalledCertificatesQuery,
  type SigningHistory,
  type SigningHistoryQuery,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChargerLink } from '../chargers/charger-link.ts';
import type { ChargerViewService } from '../chargers/charger-view.service.ts';
import { certificateHashData, parseCertificates, sameCertificate } from './certificate-hash.ts';
import type { ChargerCa } from './charger-ca.ts';
import { certificatesRepository } from './certificates.repository.ts';
import type { x509 } from './x509.ts';

export type CertificatesDeps = {
  db: Db;
  now: () => Date;
  chargerView: Pick<ChargerViewService, 'detail'>;
  link: ChargerLink;
  /** The CA that signs chargers' certificates: its certificates are named in the installed list too. */
  ca: ChargerCa | undefined;
};

/**
 * The console's side of a charger's certificates (OCPP 1.6 security whitepaper, edition 3): root certificates
 * installed, listed and deleted (M03-M05), and the history of its CSRs (certificate-signing.service.ts signs them).
 */
export function certificatesService({ db, now, chargerView, link, ca }: CertificatesDeps) {
  const repo = certificatesRepository(db);
  const chargerOf = (stationId: number, chargerId: number) => chargerView.detail(stationId, chargerId);

  return {
    install: async (stationId: number, input: Omit<InstallCertificate, 'stationId'>) => {
      const charger = await chargerOf(stationId, input.chargerId);
      let certificate: x509.X509Certificate | undefined;
      try {
        [certificate] = parseCertificates(input.certificate);
      } catch {
        certificate = undefined;
      }
      if (!certificate) throw new AppError(codes.invalidInput, 'This is not a readable X.509 certificate');
      const answer = await link.send(charger.productCode, 'InstallCertificate', {
        certificateType: input.certificateType,
        certificate: input.certificate,
      });
      if (answer.status === 'Accepted')
        await repo.insertInstalled({
          chargerId: charger.id,
          type: input.certificateType,
          pem: certificate.toString('pem'),
          subject: certificate.subject,
          notAfter: certificate.notAfter,
          at: now(),
        });
      return { status: answer.status };
    },

    installed: async (
      stationId: number,
      { chargerId, certificateType }: Omit<InstalledCertificatesQuery, 'stationId'>,
    ): Promise<InstalledCertificates> => {
      const charger = await chargerOf(stationId, chargerId);
      const answer = await link.send(charger.productCode, 'GetInstalledCertificateIds', { certificateType });
      const known = [
        ...(await repo.installed(charger.id, certificateType)).flatMap((row) => parseCertificates(row.pem)),
        ...(ca?.certificates ?? []),
      ];
      // Each entry named by the certificate whose hash data, computed the same way, is the charger's.
      const nameOf = (hashData: CertificateHashData) =>
        known.find((c) =>
          sameCertificate(certificateHashData(c, issuerOf(c, known), hashData.hashAlgorithm), hashData),
        );
      return {
        status: answer.status,
        certificates: (answer.certificateHashData ?? []).map((hashData) => {
          const certificate = nameOf(hashData);
          return {
            hashData,
            subject: certificate?.subject ?? null,
            notAfter: certificate?.notAfter.toISOString() ?? null,
          };
        }),
      };
    },

    delete: async (
      stationId: number,
      { chargerId, certificateHashData: hashData }: Omit<DeleteCertificate, 'stationId'>,
    ) => {
      const charger = await chargerOf(stationId, chargerId);
      return link.send(charger.productCode, 'DeleteCertificate', { certificateHashData: hashData });
    },

    signings: async (stationId: number, q: SigningHistoryQuery): Promise<SigningHistory> => {
      const charger = await chargerOf(stationId, q.chargerId);
      const rows = await repo.signings(charger.id, q.limit);
      return {
        signings: rows.map((r) => ({
          id: Number(r.id),
          receivedAt: r.received_at.toISOString(),
          subject: r.subject,
          status: r.status as 'Accepted' | 'Rejected',
          refusal: r.refusal as SigningHistory['signings'][number]['refusal'],
          serialNumber: r.serial_number,
          notAfter: r.not_after?.toISOString() ?? null,
          signedStatus: r.signed_status as SigningHistory['signings'][number]['signedStatus'],
        })),
      };
    },
  };
}

export type CertificatesService = ReturnType<typeof certificatesService>;

/** A certificate's issuer among those known: itself when self-signed (a root), else the one whose subject it names. */
function issuerOf(certificate: x509.X509Certificate, known: x509.X509Certificate[]): x509.X509Certificate {
  if (certificate.issuer === certificate.subject) return certificate;
  return known.find((c) => c.subject === certificate.issuer) ?? certificate;
}
