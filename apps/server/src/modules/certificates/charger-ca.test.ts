import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestPki } from '../../ocpp/tls.fixtures.ts';
import { loadChargerCa } from './charger-ca.ts';

// The charger CA as files an operator gives: an RSA one made by openssl here, the EC one of the test PKI.
const pki = makeTestPki();
afterAll(() => pki.remove());
const file = (name: string) => path.join(pki.dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: pki.dir, stdio: 'pipe' });

describe('loadChargerCa', () => {
  it("refuses a key that is not the certificate's, and a file without a certificate", async () => {
    await expect(loadChargerCa({ cert: pki.ca.certFile, key: pki.server.keyFile })).rejects.toThrow(
      /not the first certificate's/,
    );
    writeFileSync(file('empty.pem'), 'nothing here\n');
    await expect(loadChargerCa({ cert: file('empty.pem'), key: file('test-ca.key') })).rejects.toThrow();
  });

  it('signs an RSA charger CSR with an RSA CA, for the CN asked only', async () => {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'rsa-ca.key',
      '-out',
      'rsa-ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=RSA CA',
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'cp.key',
      '-out',
      'cp.csr',
      '-subj',
      '/CN=CP-1/O=Acme',
    );
    const ca = await loadChargerCa({ cert: file('rsa-ca.pem'), key: file('rsa-ca.key') });
    const csr = readFileSync(file('cp.csr'), 'utf8');
    const now = new Date();

    const signed = await ca.sign(csr, 'CP-1', now);
    expect(signed.status).toBe('Accepted');
    if (signed.status !== 'Accepted') return;
    const [leaf, issuer] = signed.chain.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    )!;
    const certificate = new X509Certificate(leaf);
    const caCertificate = new X509Certificate(issuer!);
    expect(certificate.verify(caCertificate.publicKey)).toBe(true);
    expect(certificate.subject).toBe('CN=CP-1\nO=Acme');
    expect(certificate.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']); // clientAuth
    // openssl agrees the chain holds, for a TLS client.
    writeFileSync(file('leaf.pem'), leaf);
    expect(
      execFileSync(
        'openssl',
        ['verify', '-purpose', 'sslclient', '-CAfile', file('rsa-ca.pem'), file('leaf.pem')],
        {
          encoding: 'utf8',
        },
      ),
    ).toContain('OK');

    // A key too small for the whitepaper (RSA under 2048 bits) is not signed.
    openssl(
      'req',
      '-newkey',
      'rsa:1024',
      '-nodes',
      '-keyout',
      'weak.key',
      '-out',
      'weak.csr',
      '-subj',
      '/CN=CP-1',
    );
    expect(await ca.sign(readFileSync(file('weak.csr'), 'utf8'), 'CP-1', now)).toMatchObject({
      status: 'Rejected',
      refusal: 'invalid-csr',
    });

    expect(await ca.sign(csr, 'CP-2', now)).toEqual({
      status: 'Rejected',
      subject: 'CN=CP-1, O=Acme',
      refusal: 'cn-mismatch',
    });
  });
});
