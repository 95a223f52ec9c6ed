import { createHash } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import type { CertificateHashData, HashAlgorithm } from '@plugboard/contract';
import { x509 } from './x509.ts';

const nodeHash: Record<HashAlgorithm, string> = { SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' };

/**
 * CertificateHashDataType as the OCPP 1.6 security whitepaper defines it (the OCSP CertID of RFC 6960): the hash of
 * the DER of the certificate's issuer name, the hash of the issuer's public key (the subjectPublicKey BIT STRING's
 * value, without tag, length and unused-bits octet), and the serial number in hexadecimal without leading zeroes.
 * Hex in lower case; compare with sameCertificate, which ignores case. A root certificate is its own issuer.
 */
export function certificateHashData(
  certificate: x509.X509Certificate,
  issuer: x509.X509Certificate,
  hashAlgorithm: HashAlgorithm,
): CertificateHashData {
  const hash = (data: ArrayBuffer) =>
    createHash(nodeHash[hashAlgorithm]).update(Buffer.from(data)).digest('hex');
  const issuerKey = AsnConvert.parse(issuer.publicKey.rawData, SubjectPublicKeyInfo).subjectPublicKey;
  return {
    hashAlgorithm,
    issuerNameHash: hash(certificate.issuerName.toArrayBuffer()),
    issuerKeyHash: hash(issuerKey),
    serialNumber: serialHex(certificate.serialNumber),
  };
}

export function serialHex(serial: string): string {
  return serial.toLowerCase().replace(/^0+(?=.)/, '');
}

/** Whether two hash data name the same certificate (hex compared without regard to case or leading zeroes). */
export function sameCertificate(a: CertificateHashData, b: CertificateHashData): boolean {
  return (
    a.hashAlgorithm === b.hashAlgorithm &&
    a.issuerNameHash.toLowerCase() === b.issuerNameHash.toLowerCase() &&
    a.issuerKeyHash.toLowerCase() === b.issuerKeyHash.toLowerCase() &&
    serialHex(a.serialNumber) === serialHex(b.serialNumber)
  );
}

/** The certificates of a PEM text, in order; throws on anything that is not one. */
export function parseCertificates(pem: string): x509.X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('no certificate');
  return blocks.map((block) => new x509.X509Certificate(block));
}
