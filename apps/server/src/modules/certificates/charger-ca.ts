import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SigningRefusal } from '@plugboard/contract';
import { parseCertificates } from './certificate-hash.ts';
import { x509 } from './x509.ts';

/** How long a charger certificate signed here is valid. */
export const chargerCertificateDays = 365;
/** CertificateSigned.req: certificateChain is at most 10,000 characters. */
const chainMax = 10_000;

export type SignOutcome =
  | { status: 'Accepted'; subject: string; chain: string; serialNumber: string; notAfter: Date }
  | { status: 'Rejected'; subject: string | null; refusal: SigningRefusal };

/** The CA that signs chargers' certificates (CHARGER_CA_CERT / CHARGER_CA_KEY). */
export type ChargerCa = {
  /** Its certificate(s) as in the file: the CA first, then any CA above it (those not self-signed go with each signed certificate). */
  certificates: x509.X509Certificate[];
  sign: (csrPem: string, productCode: string, now: Date) => Promise<SignOutcome>;
};

/** Reads the CA's PEM files; throws with a reason when they cannot serve (the server does not start). */
export async function loadChargerCa(files: { cert: string; key: string }): Promise<ChargerCa> {
  const certificates = parseCertificates(await readFile(files.cert, 'utf8'));
  const key = createPrivateKey(await readFile(files.key, 'utf8'));
  const [caCert] = certificates;
  if (!caCert) throw new Error('no certificate');
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  if (!Buffer.from(caCert.publicKey.rawData).equals(spki))
    throw new Error("the key is not the first certificate's");
  const { keyAlgorithm, signingAlgorithm } = algorithmsOf(key);
  const signingKey = key.toCryptoKey(keyAlgorithm, false, ['sign']);
  // The sub-CAs a charger needs to build the chain to its Central System root; the root itself it already has.
  const subCas = [];
  for (const c of certificates) if (!(await c.isSelfSigned())) subCas.push(c.toString('pem'));
  const caChain = subCas.map((pem) => `\n${pem}`).join('');
  // A leaf certificate takes about 1,000 characters of PEM (2,500 with an RSA 4096 key).
  if (caChain.length > chainMax - 3000)
    throw new Error('too many certificates for a CertificateSigned chain');

  return {
    certificates,
    sign: async (csrPem, productCode, now) => {
      const csr = await readCsr(csrPem);
      if (!csr) return { status: 'Rejected', subject: null, refusal: 'invalid-csr' };
      const subject = csr.subject;
      if (!namesCharger(csr, productCode)) return { status: 'Rejected', subject, refusal: 'cn-mismatch' };
      const serial = randomBytes(16);
      serial[0] = (serial[0] ?? 0) & 0x7f; // a positive INTEGER
      const notAfter = new Date(now.getTime() + chargerCertificateDays * 86_400_000);
      const certificate = await x509.X509CertificateGenerator.create({
        serialNumber: serial.toString('hex'),
        subject: csr.subjectName,
        issuer: caCert.subjectName,
        // A little before now: a charger's clock may be behind the server's.
        notBefore: new Date(now.getTime() - 5 * 60_000),
        notAfter,
        publicKey: csr.publicKey,
        signingKey,
        signingAlgorithm,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(
            x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement,
            true,
          ),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
          await x509.SubjectKeyIdentifierExtension.create(csr.publicKey),
          await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
        ],
      });
      // Leaf first, then the sub-CA(s) it chains through (CertificateSigned.req).
      const chain = `${certificate.toString('pem')}${caChain}`;
      return {
        status: 'Accepted',
        subject,
        chain,
        serialNumber: certificate.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
        notAfter: certificate.notAfter,
      };
    },
  };
}

/**
 * A PEM CSR whose signature verifies (the charger holds the key) for a key the whitepaper allows (RSA of 2048 bits
 * or more, EC P-256, P-384 or P-521), or undefined.
 */
export async function readCsr(csrPem: string): Promise<x509.Pkcs10CertificateRequest | undefined> {
  try {
    const csr = new x509.Pkcs10CertificateRequest(csrPem);
    const key = createPublicKey({ key: Buffer.from(csr.publicKey.rawData), format: 'der', type: 'spki' });
    const strong =
      key.asymmetricKeyType === 'rsa'
        ? (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048
        : key.asymmetricKeyType === 'ec' && (key.asymmetricKeyDetails?.namedCurve ?? '') in curves;
    return strong && (await csr.verify()) ? csr : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Security whitepaper A02/A03: the CN of the certificate is the charger's identity (its product code here), which
 * profile 3 checks on every connection; a CSR for another name is refused.
 */
export function namesCharger(csr: x509.Pkcs10CertificateRequest, productCode: string): boolean {
  const cn = csr.subjectName.getField('CN');
  return cn.length === 1 && cn[0] === productCode;
}

const curves: Record<string, { namedCurve: string; hash: string }> = {
  prime256v1: { namedCurve: 'P-256', hash: 'SHA-256' },
  secp384r1: { namedCurve: 'P-384', hash: 'SHA-384' },
  secp521r1: { namedCurve: 'P-521', hash: 'SHA-512' },
};

function algorithmsOf(key: KeyObject) {
  if (key.asymmetricKeyType === 'rsa') {
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    return { keyAlgorithm: algorithm, signingAlgorithm: algorithm };
  }
  const curve = curves[key.asymmetricKeyDetails?.namedCurve ?? ''];
  if (key.asymmetricKeyType !== 'ec' || !curve)
    throw new Error('the key is neither RSA nor EC P-256/384/521');
  return {
    keyAlgorithm: { name: 'ECDSA', namedCurve: curve.namedCurve },
    signingAlgorithm: { name: 'ECDSA', hash: curve.hash },
  };
}
