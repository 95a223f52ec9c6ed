import type { FastifyBaseLogger } from 'fastify';
import { signingLimit } from '@plugboard/contract';
import type { Ocpp16CentralSystemAction, Ocpp16Request, Ocpp16Response } from '@plugboard/ocpp';
import type { Db } from '../../db/client.ts';
import { namesCharger, readCsr, type ChargerCa, type SignOutcome } from './charger-ca.ts';
import { certificatesRepository } from './certificates.repository.ts';

export type CertificateSigningDeps = {
  db: Db;
  now: () => Date;
  /** The CA that signs chargers' certificates (CHARGER_CA_CERT / _KEY); without it every CSR is Rejected. */
  ca: ChargerCa | undefined;
  log: FastifyBaseLogger;
};

type Send = <A extends Ocpp16CentralSystemAction>(
  action: A,
  payload: Ocpp16Request<A>,
) => Promise<Ocpp16Response<A>>;

/** What SignCertificate is answered, and what to do once that answer has left: send CertificateSigned. */
export type SigningAnswer = { status: 'Accepted' | 'Rejected'; deliver?: (send: Send) => Promise<void> };

/**
 * SignCertificate from a charger (security whitepaper A02/A03): Accepted when a CA is configured, the CSR parses
 * with a valid signature and its CN is the charger's identity; the certificate then goes back in CertificateSigned.
 * At most signingLimit.requests in its window per charger, whatever their outcome; past it Rejected unread.
 * Each request and the charger's answer are recorded (the console's signing history).
 */
export function certificateSigningService({ db, now, ca, log }: CertificateSigningDeps) {
  const repo = certificatesRepository(db);
  return {
    /** SignCertificate from a charger: signed with the CA, or refused and recorded; the history shows both. */
    signRequest: async (
      charger: { chargerId: number; productCode: string },
      csr: string,
    ): Promise<SigningAnswer> => {
      const at = now();
      // A looping or hostile charger is not signed for without end: every node counts the same history.
      const recent = await repo.signingsSince(
        charger.chargerId,
        new Date(at.getTime() - signingLimit.windowMs),
      );
      if (recent >= signingLimit.requests) {
        const first = recent === signingLimit.requests;
        // The first one past the limit is recorded and logged at warn; the rest only at debug, so a flood fills
        // neither the history nor the log.
        log[first ? 'warn' : 'debug'](
          { productCode: charger.productCode, refusal: 'too-many', recent },
          'SignCertificate refused',
        );
        if (first)
          await repo.insertSigning({
            chargerId: charger.chargerId,
            at,
            subject: null,
            status: 'Rejected',
            refusal: 'too-many',
            serialNumber: null,
            notAfter: null,
          });
        return { status: 'Rejected' };
      }
      const outcome = ca
        ? await ca.sign(csr, charger.productCode, at)
        : await withoutCa(csr, charger.productCode);
      if (outcome.status === 'Rejected') {
        // A CSR for another identity may be an attempt to obtain a certificate for another charger.
        const level = outcome.refusal === 'cn-mismatch' ? 'warn' : 'info';
        log[level](
          { productCode: charger.productCode, subject: outcome.subject, refusal: outcome.refusal },
          'SignCertificate refused',
        );
      }
      const id = await repo.insertSigning({
        chargerId: charger.chargerId,
        at,
        subject: outcome.subject,
        status: outcome.status,
        refusal: outcome.status === 'Rejected' ? outcome.refusal : null,
        serialNumber: outcome.status === 'Accepted' ? outcome.serialNumber : null,
        notAfter: outcome.status === 'Accepted' ? outcome.notAfter : null,
      });
      if (outcome.status === 'Rejected') return { status: 'Rejected' };
      return {
        status: 'Accepted',
        deliver: async (send) => {
          const answer = await send('CertificateSigned', { certificateChain: outcome.chain }).catch(
            (error: unknown) => {
              log.info({ err: error, productCode: charger.productCode }, 'CertificateSigned not answered');
              return { status: 'unanswered' as const };
            },
          );
          await repo.answerSigning(id, answer.status, now());
        },
      };
    },
  };
}

/** Refused all the same, but said as when a CA is there: an unreadable CSR, or one for another name, first. */
async function withoutCa(csrPem: string, productCode: string): Promise<SignOutcome> {
  const csr = await readCsr(csrPem);
  if (!csr) return { status: 'Rejected', subject: null, refusal: 'invalid-csr' };
  const refusal = namesCharger(csr, productCode) ? 'no-ca' : 'cn-mismatch';
  return { status: 'Rejected', subject: csr.subject, refusal };
}

export type CertificateSigningService = ReturnType<typeof certificateSigningService>;
