import { execFileSync } from 'node:child_process';
import { constants, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Certificates for tests (server tests and e2e alike): made with the openssl CLI in a temporary directory, for one
 * run, never committed. Not part of the simulator itself (its own subpath, `@plugboard/charger-sim/test-certificates`).
 */

/** A self-signed certificate (PEM, trimmed) and its private key: RSA 2048 or EC P-256. */
export function selfSignedCertificate({
  subject,
  key = 'rsa',
  days = 1,
}: {
  /** The CN. */
  subject: string;
  key?: 'rsa' | 'ec';
  days?: number;
}): { certificate: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'plugboard-test-cert-'));
  const keyArgs =
    key === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', ...keyArgs, '-nodes', '-keyout', 'k.pem', '-out', 'c.pem'].concat([
        '-days',
        String(days),
        '-subj',
        `/CN=${subject}`,
      ]),
      { cwd: dir, stdio: 'pipe' },
    );
    return {
      certificate: readFileSync(path.join(dir, 'c.pem'), 'utf8').trim(),
      key: readFileSync(path.join(dir, 'k.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A firmware signer as a catalogue entry needs one (security whitepaper ed. 3, L01): an RSA signing certificate
 * and the RSA-PSS SHA-256 signature of an image, base64, which the simulator verifies.
 */
export function firmwareSigner(subject: string): {
  certificate: string;
  signatureOf: (image: Buffer) => string;
} {
  const { certificate, key } = selfSignedCertificate({ subject });
  return {
    certificate,
    signatureOf: (image) =>
      sign('sha256', image, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }).toString(
        'base64',
      ),
  };
}
