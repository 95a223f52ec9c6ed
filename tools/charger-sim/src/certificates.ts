// @peculiar/x509 resolves its parsers through tsyringe, which needs the Reflect metadata polyfill loaded before it.
import 'reflect-metadata';
import { createHash, webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import type { Ocpp16 } from '@plugboard/ocpp';
import type { SimulatedCharger } from './simulated-charger.ts';

// Node's webcrypto is the Web Crypto API; only the name of its type differs from the DOM lib's Crypto.
x509.cryptoProvider.set(webcrypto as never);

type CertificateUse = Ocpp16.CertificateUseEnumType;
type HashData = Ocpp16.CertificateHashDataType;
type KeyPair = webcrypto.CryptoKeyPair;

export type CertificateOptions = {
  /** CertificateStoreMaxLength: root certificates it keeps in all (10 by default). */
  maxCertificates?: number;
  /** CpoName: the O of its CSRs' subject, as the whitepaper asks (Plugboard by default). */
  cpoName?: string;
};

/**
 * The charger's certificate store, as the OCPP 1.6 security whitepaper (edition 3) has it: root certificates by type
 * (InstallCertificate, GetInstalledCertificateIds, DeleteCertificate), and its own key and certificate (a new key
 * for each SignCertificate; CertificateSigned installs the chain only if it is for that key and verifies).
 */
export function certificateStore(options: CertificateOptions = {}) {
  const roots = new Map<CertificateUse, x509.X509Certificate[]>([
    ['CentralSystemRootCertificate', []],
    ['ManufacturerRootCertificate', []],
  ]);
  return {
    maxCertificates: options.maxCertificates ?? 10,
    cpoName: options.cpoName ?? 'Plugboard',
    roots,
    /** The key of the CSR sent last, waiting for its certificate. */
    pendingKeys: undefined as KeyPair | undefined,
    /** Its own certificate chain (leaf first) once a CertificateSigned was accepted. */
    chargePointChain: undefined as x509.X509Certificate[] | undefined,
    /** PEM of the root certificates of a type. */
    installed: (type: CertificateUse) => (roots.get(type) ?? []).map((c) => c.toString('pem')),
  };
}
export type CertificateStore = ReturnType<typeof certificateStore>;

const nodeHash = { SHA256: 'sha256', SHA384: 'sha384', SHA512: 'sha512' } as const;

/** CertificateHashDataType of a root certificate (its own issuer), computed as the whitepaper says (RFC 6960 CertID). */
export function hashDataOf(
  certificate: x509.X509Certificate,
  hashAlgorithm: HashData['hashAlgorithm'] = 'SHA256',
): HashData {
  const hash = (data: ArrayBuffer) =>
    createHash(nodeHash[hashAlgorithm]).update(Buffer.from(data)).digest('hex');
  const key = AsnConvert.parse(certificate.publicKey.rawData, SubjectPublicKeyInfo).subjectPublicKey;
  return {
    hashAlgorithm,
    issuerNameHash: hash(certificate.issuerName.toArrayBuffer()),
    issuerKeyHash: hash(key),
    serialNumber: certificate.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
  };
}

const sameHashData = (a: HashData, b: HashData) =>
  a.issuerNameHash.toLowerCase() === b.issuerNameHash.toLowerCase() &&
  a.issuerKeyHash.toLowerCase() === b.issuerKeyHash.toLowerCase() &&
  a.serialNumber.toLowerCase().replace(/^0+(?=.)/, '') ===
    b.serialNumber.toLowerCase().replace(/^0+(?=.)/, '');

const parseChain = (pem: string) =>
  (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new x509.X509Certificate(block),
  );

const validNow = (c: x509.X509Certificate) => c.notBefore <= new Date() && new Date() <= c.notAfter;

/** Answers InstallCertificate, GetInstalledCertificateIds, DeleteCertificate and CertificateSigned. */
export function attachCertificateHandlers(charger: SimulatedCharger): void {
  const store = charger.certificates;
  const { log, later } = charger.internals;
  const handle = <T>(action: string, handler: (params: T) => Promise<Record<string, unknown>>) =>
    charger.client.handle(action, async ({ params }) => {
      log(`⇐ ${action}`);
      const answer = await handler(params as T);
      log(`⇒ ${action} ${JSON.stringify(answer)}`);
      return answer;
    });

  // M05: a root certificate, self-signed and valid now; Rejected when invalid or the store is full.
  handle<Ocpp16.InstallCertificateRequest>('InstallCertificate', async ({ certificateType, certificate }) => {
    const [parsed, ...more] = (() => {
      try {
        return parseChain(certificate);
      } catch {
        return [];
      }
    })();
    if (!parsed || more.length > 0 || !validNow(parsed) || !(await parsed.isSelfSigned()))
      return { status: 'Rejected' };
    const list = store.roots.get(certificateType) ?? [];
    const hashData = hashDataOf(parsed);
    if (list.some((c) => sameHashData(hashDataOf(c), hashData))) return { status: 'Accepted' };
    const count = [...store.roots.values()].reduce((n, l) => n + l.length, 0);
    if (count >= store.maxCertificates) return { status: 'Rejected' };
    list.push(parsed);
    return { status: 'Accepted' };
  });

  // M03: the hash data of each root certificate of the type; NotFound when there is none.
  handle<Ocpp16.GetInstalledCertificateIdsRequest>('GetInstalledCertificateIds', ({ certificateType }) => {
    const list = store.roots.get(certificateType) ?? [];
    const [first, ...rest] = list.map((c) => hashDataOf(c));
    return Promise.resolve(
      first ? { status: 'Accepted', certificateHashData: [first, ...rest] } : { status: 'NotFound' },
    );
  });

  // M04: the certificate the hash data names (computed with its algorithm); its own certificate cannot be deleted.
  handle<Ocpp16.DeleteCertificateRequest>('DeleteCertificate', ({ certificateHashData: wanted }) => {
    const own = store.chargePointChain?.[0];
    if (own && sameHashData(hashDataOf(own, wanted.hashAlgorithm), wanted))
      return Promise.resolve({ status: 'Failed' });
    for (const list of store.roots.values()) {
      const index = list.findIndex((c) => sameHashData(hashDataOf(c, wanted.hashAlgorithm), wanted));
      if (index >= 0) {
        list.splice(index, 1);
        return Promise.resolve({ status: 'Accepted' });
      }
    }
    return Promise.resolve({ status: 'NotFound' });
  });

  // A02/A03: the chain must be for the key of the CSR sent, valid now, each certificate signed by the next, and the
  // top one by a Central System root certificate installed (when there is any). Otherwise Rejected, and the
  // charger reports an InvalidChargePointCertificate security event.
  handle<Ocpp16.CertificateSignedRequest>('CertificateSigned', async ({ certificateChain }) => {
    const keys = store.pendingKeys;
    const chain = (() => {
      try {
        return parseChain(certificateChain);
      } catch {
        return [];
      }
    })();
    const valid = keys !== undefined && chain.length > 0 && (await verifyChain(chain, keys, store));
    if (!valid) {
      later(0, () =>
        charger.call('SecurityEventNotification', {
          type: 'InvalidChargePointCertificate',
          timestamp: new Date().toISOString(),
        }),
      );
      return { status: 'Rejected' };
    }
    store.chargePointChain = chain;
    store.pendingKeys = undefined;
    log(`charge point certificate installed: ${chain[0]?.subject ?? ''}`);
    return { status: 'Accepted' };
  });
}

async function verifyChain(chain: x509.X509Certificate[], keys: KeyPair, store: CertificateStore) {
  const [leaf] = chain;
  if (!leaf) return false;
  const ownKey = Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey));
  if (!ownKey.equals(Buffer.from(leaf.publicKey.rawData))) return false;
  if (!chain.every(validNow)) return false;
  for (let i = 0; i + 1 < chain.length; i++) {
    const [child, parent] = [chain[i], chain[i + 1]];
    if (!child || !parent || !(await child.verify({ publicKey: parent.publicKey, signatureOnly: true })))
      return false;
  }
  const trusted = store.roots.get('CentralSystemRootCertificate') ?? [];
  if (trusted.length === 0) return true;
  const top = chain[chain.length - 1] ?? leaf;
  for (const root of trusted) {
    if (Buffer.from(root.rawData).equals(Buffer.from(top.rawData))) return true;
    if (await top.verify({ publicKey: root.publicKey, signatureOnly: true })) return true;
  }
  return false;
}

/**
 * SignCertificate (A02 after ExtendedTriggerMessage SignChargePointCertificate, A03 of its own): a new key pair
 * (EC P-256; the private key never leaves), a CSR with CN = its identity and O = CpoName. `commonName` sends another
 * CN, for tests of a central system that must refuse it. Answers the central system's status.
 */
export async function requestChargePointCertificate(
  charger: SimulatedCharger,
  options: { commonName?: string } = {},
): Promise<Ocpp16.SignCertificateResponse> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [options.commonName ?? charger.productCode] }, { O: [charger.certificates.cpoName] }],
    // Node's key pair is the one x509 takes; only under the DOM lib (bench's tsconfig) do the type names differ.
    keys: keys as never,
    signingAlgorithm: algorithm,
  });
  charger.certificates.pendingKeys = keys;
  return charger.call('SignCertificate', { csr: csr.toString('pem') });
}
