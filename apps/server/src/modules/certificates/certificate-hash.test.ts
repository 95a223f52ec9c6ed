import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { hashDataOf } from '@plugboard/charger-sim';
import { makeTestPki } from '../../ocpp/tls.fixtures.ts';
import { certificateHashData, parseCertificates, sameCertificate } from './certificate-hash.ts';

// The hash data must be the same on both sides (the charger computes it, the console names and deletes by it): the
// server's is checked against openssl's OCSP CertID of the same certificate, and against the simulator's.
const pki = makeTestPki();
afterAll(() => pki.remove());

function opensslCertId(issuerFile: string, certFile: string, digest: string) {
  const text = execFileSync(
    'openssl',
    [
      'ocsp',
      '-issuer',
      issuerFile,
      `-${digest}`,
      '-cert',
      certFile,
      '-no_nonce',
      '-req_text',
      '-reqout',
      '/dev/null',
    ],
    { encoding: 'utf8' },
  ).replace(/\\\n/g, '');
  const field = (name: string) => new RegExp(`${name}: ([0-9A-F]+)`).exec(text)?.[1]?.toLowerCase();
  return {
    issuerNameHash: field('Issuer Name Hash'),
    issuerKeyHash: field('Issuer Key Hash'),
    serialNumber: field('Serial Number')?.replace(/^0+(?=.)/, ''),
  };
}

describe('certificateHashData', () => {
  const [ca] = parseCertificates(pki.ca.cert);
  const [server] = parseCertificates(pki.server.cert);

  it.each([
    ['SHA256', 'sha256'],
    ['SHA384', 'sha384'],
    ['SHA512', 'sha512'],
  ] as const)('is the OCSP CertID openssl computes, with %s', (algorithm, digest) => {
    expect(certificateHashData(ca!, ca!, algorithm)).toEqual({
      hashAlgorithm: algorithm,
      ...opensslCertId(pki.ca.certFile, pki.ca.certFile, digest),
    });
    // A certificate issued by the CA: the issuer's name and key, its own serial number.
    expect(certificateHashData(server!, ca!, algorithm)).toEqual({
      hashAlgorithm: algorithm,
      ...opensslCertId(pki.ca.certFile, pki.server.certFile, digest),
    });
  });

  it("is the simulator's for a root certificate, whatever the case of the hex", () => {
    const ours = certificateHashData(ca!, ca!, 'SHA256');
    const theirs = hashDataOf(ca!, 'SHA256');
    expect(sameCertificate(ours, theirs)).toBe(true);
    expect(sameCertificate(ours, { ...theirs, issuerKeyHash: theirs.issuerKeyHash.toUpperCase() })).toBe(
      true,
    );
    expect(sameCertificate(ours, { ...theirs, serialNumber: '1' })).toBe(false);
  });
});
