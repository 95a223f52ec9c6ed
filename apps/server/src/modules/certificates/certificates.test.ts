import path from 'node:path';
import { Writable } from 'node:stream';
import { X509Certificate, webcrypto } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestChargePointCertificate } from '@plugboard/charger-sim';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { makeTestPki } from '../../ocpp/tls.fixtures.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from '../chargers/chargers.fixtures.ts';
import { certificateHashData, parseCertificates } from './certificate-hash.ts';

// The certificate messages of the OCPP 1.6 security whitepaper, answered over a real WebSocket by the simulator:
// one server with a charger CA configured (CHARGER_CA_CERT / CHARGER_CA_KEY), one without.
const pki = makeTestPki();
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
let withCa: OcppTestApp;
let withoutCa: OcppTestApp;
const simsWithCa = simulators(() => withCa.url);
const simsWithoutCa = simulators(() => withoutCa.url);

beforeAll(async () => {
  withCa = await listeningApp({
    chargerCa: { cert: pki.ca.certFile, key: path.join(pki.dir, 'test-ca.key') },
    logLevel: 'info',
    logStream,
  });
  withoutCa = await listeningApp();
});
afterEach(async () => {
  await simsWithCa.stopAll();
  await simsWithoutCa.stopAll();
});
afterAll(async () => {
  await withCa.close();
  await withoutCa.close();
  pki.remove();
});

const certificateCall = <N extends 'install' | 'list' | 'delete' | 'signings'>(name: N) =>
  `/cms-system/system/certificate/v2/${name}` as const;

async function aConnectedCharger(t: OcppTestApp = withCa, sims = simsWithCa) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const added = await as(chargerCall('add'), { productCode, pin: '1234' });
  const chargerId = added.data.id;
  const sim = sims.make({ product_code: productCode, pin: '1234' });
  await sim.boot();
  const signings = async () => (await as(certificateCall('signings'), { chargerId })).data.signings;
  return { as, chargerId, productCode, sim, signings };
}

describe('InstallCertificate, GetInstalledCertificateIds, DeleteCertificate', () => {
  it('installs a root certificate, lists it by its hash data with its subject, and deletes it', async () => {
    const c = await aConnectedCharger();
    const installed = await c.as(certificateCall('install'), {
      chargerId: c.chargerId,
      certificateType: 'ManufacturerRootCertificate',
      certificate: pki.ca.cert,
    });
    expect(installed).toMatchObject({ status: 200, data: { status: 'Accepted' } });
    expect(c.sim.certificates.installed('ManufacturerRootCertificate')).toHaveLength(1);

    const [ca] = parseCertificates(pki.ca.cert);
    const listed = await c.as(certificateCall('list'), {
      chargerId: c.chargerId,
      certificateType: 'ManufacturerRootCertificate',
    });
    expect(listed.data).toEqual({
      status: 'Accepted',
      certificates: [
        {
          hashData: certificateHashData(ca!, ca!, 'SHA256'),
          subject: 'CN=test-ca',
          notAfter: ca!.notAfter.toISOString(),
        },
      ],
    });
    // The other kind has none.
    const none = await c.as(certificateCall('list'), {
      chargerId: c.chargerId,
      certificateType: 'CentralSystemRootCertificate',
    });
    expect(none.data).toEqual({ status: 'NotFound', certificates: [] });

    const hashData = listed.data.certificates[0]!.hashData;
    const deleted = await c.as(certificateCall('delete'), {
      chargerId: c.chargerId,
      certificateHashData: hashData,
    });
    expect(deleted.data).toEqual({ status: 'Accepted' });
    expect(c.sim.certificates.installed('ManufacturerRootCertificate')).toEqual([]);
    const again = await c.as(certificateCall('delete'), {
      chargerId: c.chargerId,
      certificateHashData: hashData,
    });
    expect(again.data).toEqual({ status: 'NotFound' });
  });

  it("answers the charger's Rejected for a certificate that is not a root, and refuses a PEM that is none", async () => {
    const c = await aConnectedCharger();
    const leaf = await c.as(certificateCall('install'), {
      chargerId: c.chargerId,
      certificateType: 'CentralSystemRootCertificate',
      certificate: pki.server.cert,
    });
    expect(leaf.data).toEqual({ status: 'Rejected' });
    const garbage = await c.as(certificateCall('install'), {
      chargerId: c.chargerId,
      certificateType: 'CentralSystemRootCertificate',
      certificate: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----',
    });
    expect(garbage).toMatchObject({ status: 4129, msg: 'This is not a readable X.509 certificate' });
    expect(c.sim.certificates.installed('CentralSystemRootCertificate')).toEqual([]);
  });

  it('answers 1003 for a charger that is offline', async () => {
    const c = await aConnectedCharger();
    await c.sim.stop();
    await vi.waitFor(async () =>
      expect(
        await c.as(certificateCall('list'), {
          chargerId: c.chargerId,
          certificateType: 'ManufacturerRootCertificate',
        }),
      ).toMatchObject({ status: 1003 }),
    );
  });
});

describe('SignCertificate and CertificateSigned', () => {
  it("signs the charger's CSR with the configured CA; the charger verifies the chain and takes it", async () => {
    const c = await aConnectedCharger();
    // The charger trusts the CA as its Central System root: the chain must lead to it.
    await c.as(certificateCall('install'), {
      chargerId: c.chargerId,
      certificateType: 'CentralSystemRootCertificate',
      certificate: pki.ca.cert,
    });
    expect(await requestChargePointCertificate(c.sim)).toEqual({ status: 'Accepted' });
    await vi.waitFor(() => expect(c.sim.certificates.chargePointChain).toBeDefined());

    // The CA here is a root, which the charger has: the chain is the certificate alone.
    const chain = c.sim.certificates.chargePointChain!.map((x) => new X509Certificate(x.toString('pem')));
    expect(chain).toHaveLength(1);
    const [leaf] = chain;
    const ca = new X509Certificate(pki.ca.cert);
    expect(leaf!.subject).toBe(`CN=${c.productCode}\nO=Plugboard`);
    expect(leaf!.verify(ca.publicKey)).toBe(true);
    expect(leaf!.checkIssued(ca)).toBe(true);
    expect(leaf!.ca).toBe(false);
    // Its key is the charger's own, kept by it: the CSR's.
    await vi.waitFor(async () =>
      expect(await c.signings()).toEqual([
        expect.objectContaining({
          status: 'Accepted',
          refusal: null,
          subject: `CN=${c.productCode}, O=Plugboard`,
          serialNumber: leaf!.serialNumber.toLowerCase().replace(/^0+/, ''),
          notAfter: new Date(leaf!.validTo).toISOString(),
          signedStatus: 'Accepted',
        }),
      ]),
    );
  });

  it('renews the certificate when the console asks (A02: ExtendedTriggerMessage SignChargePointCertificate)', async () => {
    const c = await aConnectedCharger();
    const asked = await c.as(chargerCall('extended-trigger'), {
      chargerId: c.chargerId,
      requestedMessage: 'SignChargePointCertificate',
    });
    expect(asked.data).toEqual({ status: 'Accepted' });
    await vi.waitFor(async () =>
      expect(await c.signings()).toEqual([
        expect.objectContaining({ status: 'Accepted', signedStatus: 'Accepted' }),
      ]),
    );
    expect(c.sim.certificates.chargePointChain?.[0]?.subject).toBe(`CN=${c.productCode}, O=Plugboard`);
  });

  it("puts the charger's CpoName in the CSR's O, as the operator set it", async () => {
    const c = await aConnectedCharger();
    const changed = await c.as(chargerCall('configuration/change'), {
      chargerId: c.chargerId,
      key: 'CpoName',
      value: 'Acme Charging',
    });
    expect(changed.data).toEqual({ status: 'Accepted' });
    expect(await requestChargePointCertificate(c.sim)).toEqual({ status: 'Accepted' });
    await vi.waitFor(() =>
      expect(c.sim.certificates.chargePointChain?.[0]?.subject).toBe(`CN=${c.productCode}, O=Acme Charging`),
    );
  });

  it('refuses a CSR whose CN is not the charger, and says so in the history and the log', async () => {
    const c = await aConnectedCharger();
    expect(await requestChargePointCertificate(c.sim, { commonName: 'SOMEONE-ELSE' })).toEqual({
      status: 'Rejected',
    });
    expect(await c.signings()).toEqual([
      expect.objectContaining({
        status: 'Rejected',
        refusal: 'cn-mismatch',
        subject: 'CN=SOMEONE-ELSE, O=Plugboard',
        serialNumber: null,
        signedStatus: null,
      }),
    ]);
    expect(c.sim.certificates.chargePointChain).toBeUndefined();
    const line = logLines.find((l) => l.includes('SignCertificate refused') && l.includes(c.productCode));
    expect(line).toContain('"refusal":"cn-mismatch"');
    expect(line).not.toContain('BEGIN CERTIFICATE REQUEST');
  });

  it('refuses what is not a CSR', async () => {
    const c = await aConnectedCharger();
    expect(await c.sim.call('SignCertificate', { csr: 'not a CSR' })).toEqual({ status: 'Rejected' });
    expect(await c.signings()).toEqual([
      expect.objectContaining({ status: 'Rejected', refusal: 'invalid-csr' }),
    ]);
  });

  it("records the charger's Rejected when the chain is not for its key", async () => {
    const c = await aConnectedCharger();
    const otherKeys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    // A charger that has made another key since (a second CSR, a reset) refuses a certificate for the first.
    Object.defineProperty(c.sim.certificates, 'pendingKeys', { get: () => otherKeys, set: () => {} });
    expect(await requestChargePointCertificate(c.sim)).toEqual({ status: 'Accepted' });
    await vi.waitFor(async () =>
      expect(await c.signings()).toEqual([
        expect.objectContaining({ status: 'Accepted', signedStatus: 'Rejected' }),
      ]),
    );
    expect(c.sim.certificates.chargePointChain).toBeUndefined();
    // As the whitepaper has it, the charger reports the certificate it discarded.
    await vi.waitFor(async () =>
      expect(
        (await c.as('/cms-system/system/ocpp-log/v2/security-events', { chargerId: c.chargerId })).data
          .events,
      ).toContainEqual(expect.objectContaining({ type: 'InvalidChargePointCertificate' })),
    );
  });

  it('refuses CSRs past 5 an hour per charger (recorded and logged once), then signs a renewal again', async () => {
    const c = await aConnectedCharger();
    for (let i = 0; i < 5; i++)
      expect(await c.sim.call('SignCertificate', { csr: 'not a CSR' })).toEqual({ status: 'Rejected' });
    // Looping firmware: a right CSR is refused too, unread, and only the first past the limit is recorded.
    for (let i = 0; i < 3; i++)
      expect(await requestChargePointCertificate(c.sim)).toEqual({ status: 'Rejected' });
    const history = await c.signings();
    expect(history).toHaveLength(6);
    expect(history[0]).toMatchObject({ status: 'Rejected', refusal: 'too-many', subject: null });
    expect(c.sim.certificates.chargePointChain).toBeUndefined();
    const lines = logLines.filter((l) => l.includes(c.productCode) && l.includes('"refusal":"too-many"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"level":40');
    // Once the hour has passed, the console's renewal is signed. (The history is moved an hour back rather than the
    // server's clock forward: the charger would refuse a certificate valid only from an hour on.)
    await sql`update charger_certificate_signings set received_at = received_at - interval '1 hour 1 second'
              where charger_id = ${c.chargerId}`.execute(withCa.db);
    const asked = await c.as(chargerCall('extended-trigger'), {
      chargerId: c.chargerId,
      requestedMessage: 'SignChargePointCertificate',
    });
    expect(asked.data).toEqual({ status: 'Accepted' });
    await vi.waitFor(async () =>
      expect((await c.signings())[0]).toMatchObject({ status: 'Accepted', signedStatus: 'Accepted' }),
    );
    expect(c.sim.certificates.chargePointChain?.[0]?.subject).toBe(`CN=${c.productCode}, O=Plugboard`);
  });

  it('without a CA, still says a CSR for another name is one', async () => {
    const c = await aConnectedCharger(withoutCa, simsWithoutCa);
    expect(await requestChargePointCertificate(c.sim, { commonName: 'SOMEONE-ELSE' })).toEqual({
      status: 'Rejected',
    });
    expect(await c.signings()).toEqual([expect.objectContaining({ refusal: 'cn-mismatch' })]);
  });

  it('answers Rejected when no CA is configured', async () => {
    const c = await aConnectedCharger(withoutCa, simsWithoutCa);
    expect(await requestChargePointCertificate(c.sim)).toEqual({ status: 'Rejected' });
    expect(await c.signings()).toEqual([
      expect.objectContaining({
        status: 'Rejected',
        refusal: 'no-ca',
        subject: `CN=${c.productCode}, O=Plugboard`,
      }),
    ]);
  });
});
