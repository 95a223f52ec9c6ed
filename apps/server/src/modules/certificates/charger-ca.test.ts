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
  it('sends the sub-CA with the certificate, not the root the charger already has', async () => {
    writeFileSync(
      file('sub.ext'),
      'basicConstraints=critical,CA:true\nkeyUsage=critical,keyCertSign,cRLSign\n',
    );
    openssl(
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'sub.key',
      '-out',
      'sub.csr',
      '-subj',
      '/CN=Charger Sub CA',
    );
    openssl(
      'x509',
      '-req',
      '-in',
      'sub.csr',
      '-CA',
      'test-ca.pem',
      '-CAkey',
      'test-ca.key',
      '-CAcreateserial',
      '-out',
      'sub.pem',
      '-days',
      '2',
      '-extfile',
      'sub.ext',
    );
    // The file an operator gives: the sub-CA first, then the root above it.
    writeFileSync(file('sub-chain.pem'), readFileSync(file('sub.pem'), 'utf8') + pki.ca.cert);
    openssl(
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      'cp3.key',
      '-out',
      'cp3.csr',
      '-subj',
      '/CN=CP-3',
    );
    const ca = await loadChargerCa({ cert: file('sub-chain.pem'), key: file('sub.key') });
    const signed = await ca.sign(readFileSync(file('cp3.csr'), 'utf8'), 'CP-3', new Date());
    if (signed.status !== 'Accepted') throw new Error(`not signed: ${signed.refusal}`);
    const [leaf, sub, ...more] = signed.chain.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    )!;
    expect(more).toEqual([]);
    expect(new X509Certificate(sub!).subject).toBe('CN=Charger Sub CA');
    writeFileSync(file('leaf3.pem'), leaf);
    writeFileSync(file('sub3.pem'), sub!);
    expect(
      execFileSync(
        'openssl',
        [
          'verify',
          '-purpose',
          'sslclient',
          '-CAfile',
          pki.ca.certFile,
          '-untrusted',
          file('sub3.pem'),
          file('leaf3.pem'),
        ],
        { encoding: 'utf8' },
      ),
    ).toContain('OK');
  });

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
    // The CA is a root: the charger has it, the chain is the certificate alone.
    const [leaf, ...more] = signed.chain.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    )!;
    expect(more).toEqual([]);
    const certificate = new X509Certificate(leaf);
    expect(certificate.verify(new X509Certificate(readFileSync(file('rsa-ca.pem'))).publicKey)).toBe(true);
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
