import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Pem = { cert: string; key: string };
export type TestPki = {
  dir: string;
  /** The CA's certificate and key (PEM), TLS_CLIENT_CA and what chargers trust. */
  ca: Pem & { certFile: string };
  /** The server's certificate for localhost and 127.0.0.1, as TLS_CERT / TLS_KEY files. */
  server: Pem & { certFile: string; keyFile: string };
  /** A client certificate with this CN, signed by the CA (or by a CA of its own with `foreign`). */
  client: (cn: string, options?: { foreign?: boolean }) => Pem;
  remove: () => void;
};

/**
 * A throwaway PKI made with the openssl CLI in a temporary directory (never committed): a CA, a server certificate
 * for localhost, and client certificates on demand. EC P-256 keeps it fast.
 */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'plugboard-pki-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const keyArgs = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

  const ca = (name: string) => {
    openssl(
      'req',
      '-x509',
      ...keyArgs,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    );
  };
  const leaf = (name: string, cn: string, issuer: string, extensions: string) => {
    writeFileSync(file(`${name}.ext`), extensions);
    openssl('req', ...keyArgs, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.pem`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    );
    return {
      cert: readFileSync(file(`${name}.pem`), 'utf8'),
      key: readFileSync(file(`${name}.key`), 'utf8'),
    };
  };

  ca('test-ca');
  ca('other-ca');
  const server = leaf(
    'server',
    'localhost',
    'test-ca',
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  let n = 0;
  return {
    dir,
    ca: {
      cert: readFileSync(file('test-ca.pem'), 'utf8'),
      key: readFileSync(file('test-ca.key'), 'utf8'),
      certFile: file('test-ca.pem'),
    },
    server: { ...server, certFile: file('server.pem'), keyFile: file('server.key') },
    client: (cn, options = {}) =>
      leaf(`client${++n}`, cn, options.foreign ? 'other-ca' : 'test-ca', 'extendedKeyUsage=clientAuth\n'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
