import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calls,
  cardMissingMessage,
  cmsPrefix,
  diagnosticsFilePath,
  groupMissingMessage,
  invoicePdfPath,
  invoiceXmlPath,
  sessionExportPath,
  type Site,
} from '@plugboard/contract';
import { call, consoleHeaders, createTestApp, type TestApp } from '../test/helpers.ts';
import { aCard, aCardId, aGroup } from './modules/cards/cards.fixtures.ts';
import { aCharger, aProductCode } from './modules/chargers/chargers.fixtures.ts';
import { aStoredSession } from './modules/sessions/sessions.fixtures.ts';
import { aTariff } from './modules/tariffs/tariffs.fixtures.ts';
import { anOperator, aSite } from './modules/sites/sites.fixtures.ts';

// One account must never read, change or learn of another account's objects. Every call of the server is listed
// here: a call scoped to a site needs a body in `siteCallBodies`, a call of the account one in `accountCallBodies`,
// so a call added later without a cross-tenant case fails this test (and the type check).

type CallPath = keyof typeof calls;
type PathsWithAccess<A> = { [P in CallPath]: (typeof calls)[P]['access'] extends A ? P : never }[CallPath];
type SitePath = PathsWithAccess<'site'>;
type AccountPath = PathsWithAccess<'account'>;
type BodyWithoutSite<P extends CallPath> = Omit<z.input<(typeof calls)[P]['body']>, 'stationId'>;

/** Who a body is built for: a call about a charger, a session, a card or a card group names one of the site's own. */
type Owner = { chargerId: number; orderNo: number; cardRef: number; groupId: number };
type SiteCallBody<P extends CallPath> = BodyWithoutSite<P> | ((owner: Owner) => BodyWithoutSite<P>);

/** A body each site call accepts from the site's owner; B sends it with A's stationId (and A's charger). */
const aYear = { from: '2026-01-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' };
const siteCallBodies: { [P in SitePath]: SiteCallBody<P> } = {
  '/cms-system/system/station/v2/detail': {},
  '/cms-system/system/station/v2/update': { name: 'Taken over', address: 'Elsewhere 1', isOpenLoad: 1 },
  '/cms-system/system/station/v2/delete': {},
  '/cms-system/system/charger/v2/list': { keyword: '', pageSize: 100 },
  '/cms-system/system/charger/v2/add': () => ({ productCode: aProductCode(), pin: '1234' }),
  '/cms-system/system/charger/v2/detail': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/update': ({ chargerId }) => ({ chargerId, alias: 'Took', ratedPowerW: 1 }),
  '/cms-system/system/charger/v2/delete': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/start': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/stop': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/session/close': ({ chargerId }) => ({
    chargerId,
    sessionId: 1,
    reason: 'Took',
  }),
  '/cms-system/system/charger/v2/reboot': ({ chargerId }) => ({ chargerId, type: 'Hard' }),
  '/cms-system/system/charger/v2/firmware/update': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/pin/reset': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/ocpp-log/v2/messages': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/ocpp-log/v2/export': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/ocpp-log/v2/connections': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/ocpp-log/v2/security-events': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/availability': ({ chargerId }) => ({
    chargerId,
    connectorId: 0,
    type: 'Inoperative',
  }),
  '/cms-system/system/charger/v2/unlock': ({ chargerId }) => ({ chargerId, connectorId: 1 }),
  '/cms-system/system/charger/v2/cache/clear': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/data-transfer': ({ chargerId }) => ({ chargerId, vendorId: 'com.example' }),
  '/cms-system/system/charger/v2/trigger': ({ chargerId }) => ({ chargerId, requestedMessage: 'Heartbeat' }),
  '/cms-system/system/charger/v2/extended-trigger': ({ chargerId }) => ({
    chargerId,
    requestedMessage: 'Heartbeat',
  }),
  '/cms-system/system/charger/v2/configuration/read': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/charger/v2/configuration/change': ({ chargerId }) => ({
    chargerId,
    key: 'HeartbeatInterval',
    value: '1',
  }),
  '/cms-system/system/tariff/v2/detail': {},
  '/cms-system/system/tariff/v2/save': aTariff({ energyPrice: 9.99 }),
  '/cms-system/system/session/v2/list': { pageSize: 100 },
  '/cms-system/system/session/v2/detail': ({ orderNo }) => ({ orderNo }),
  '/cms-system/system/session/v2/delete': ({ orderNo }) => ({ orderNo }),
  '/cms-system/system/card/v2/list': { keyword: '', pageSize: 100 },
  '/cms-system/system/card/v2/add': () => ({ cardId: aCardId(), holder: 'Took' }),
  '/cms-system/system/card/v2/update': ({ cardRef }) => ({ id: cardRef, holder: 'Took', email: '' }),
  '/cms-system/system/card/v2/recycle': ({ cardRef }) => ({ ids: [cardRef] }),
  '/cms-system/system/card/v2/restore': ({ cardRef }) => ({ ids: [cardRef] }),
  '/cms-system/system/card/v2/group/change': ({ cardRef, groupId }) => ({ ids: [cardRef], groupId }),
  '/cms-system/system/card/v2/import': () => ({ rows: [{ cardId: aCardId() }] }),
  '/cms-system/system/card/v2/export': {},
  '/cms-system/system/cardGroup/v2/list': {},
  '/cms-system/system/cardGroup/v2/add': () => ({ name: `Took ${aCardId()}`, multiplier: 1 }),
  '/cms-system/system/cardGroup/v2/update': ({ groupId }) => ({ id: groupId, name: 'Took', multiplier: 1 }),
  '/cms-system/system/cardGroup/v2/delete': ({ groupId }) => ({ id: groupId }),
  '/cms-system/system/notice/v2/detail': {},
  '/cms-system/system/notice/v2/save': { display: '<p>Took over</p>' },
  '/cms-system/system/display/v2/link/create': { name: 'Took' },
  '/cms-system/system/display/v2/link/list': {},
  '/cms-system/system/display/v2/link/revoke': { id: 1 },
  '/cms-system/system/overview/now': {},
  '/cms-system/system/overview/period': { period: 'last3Months' },
  '/cms-system/system/local-list/v2/detail': {},
  '/cms-system/system/local-list/v2/save': { enabled: true },
  '/cms-system/system/reservation/v2/list': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/reservation/v2/add': ({ chargerId }) => ({
    chargerId,
    connectorId: 1,
    idTag: 'NOCARD',
    expiryDate: '2099-01-01T00:00:00.000Z',
  }),
  '/cms-system/system/reservation/v2/cancel': ({ chargerId }) => ({ chargerId, reservationId: 1 }),
  '/cms-system/system/diagnostics/v2/request': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/diagnostics/v2/list': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/certificate/v2/install': ({ chargerId }) => ({
    chargerId,
    certificateType: 'CentralSystemRootCertificate',
    certificate: '-----BEGIN CERTIFICATE-----\nTk9UIEEgQ0VSVElGSUNBVEU=\n-----END CERTIFICATE-----',
  }),
  '/cms-system/system/certificate/v2/list': ({ chargerId }) => ({
    chargerId,
    certificateType: 'ManufacturerRootCertificate',
  }),
  '/cms-system/system/certificate/v2/delete': ({ chargerId }) => ({
    chargerId,
    certificateHashData: {
      hashAlgorithm: 'SHA256',
      issuerNameHash: 'ab',
      issuerKeyHash: 'cd',
      serialNumber: '1',
    },
  }),
  '/cms-system/system/certificate/v2/signings': ({ chargerId }) => ({ chargerId }),
  '/cms-system/system/load/v2/detail': {},
  '/cms-system/system/load/v2/enable': { isOpenLoad: 0 },
  '/cms-system/system/load/v2/capacity/save': { phases: 3, capacityL1: 40, capacityL2: 40, capacityL3: 40 },
  '/cms-system/system/load/v2/charger/save': (o) => ({
    chargerId: o.chargerId,
    phases: 3,
    wiring: [1, 2, 3],
    minA: 6,
    maxA: null,
  }),
  '/cms-system/system/load/v2/schedule/save': { bands: [] },
  '/cms-system/system/load/v2/history': {},
  '/cms-system/system/load/v2/meter': { currentA: [10, 5, 0] },
  '/cms-system/system/invoice/v2/preview': ({ groupId }) => ({
    customer: { kind: 'group', groupId },
    ...aYear,
  }),
  '/cms-system/system/invoice/v2/add': ({ cardRef }) => ({
    customer: { kind: 'cards', cardIds: [cardRef] },
    ...aYear,
  }),
  '/cms-system/system/invoice/v2/issue': { id: 1 },
  '/cms-system/system/invoice/v2/send': { id: 1 },
  '/cms-system/system/invoice/v2/credit': { id: 1 },
  '/cms-system/system/invoice/v2/delete': { id: 1 },
  '/cms-system/system/invoice/v2/detail': { id: 1 },
  '/cms-system/system/invoice/v2/list': {},
  '/cms-system/system/invoice/v2/settings/detail': {},
  '/cms-system/system/invoice/v2/settings/update': { prefix: 'TOOK-' },
};

/**
 * What the owner gets where success needs a charger online (these chargers never connect): an answer about the
 * charger itself, which shows that the body was accepted and the charger found.
 */
const ownAnswers: Partial<Record<SitePath, number>> = {
  '/cms-system/system/charger/v2/start': 7007,
  '/cms-system/system/charger/v2/stop': 1039,
  '/cms-system/system/charger/v2/session/close': 1039,
  '/cms-system/system/charger/v2/reboot': 1003,
  '/cms-system/system/charger/v2/firmware/update': 1039,
  '/cms-system/system/charger/v2/availability': 1003,
  '/cms-system/system/charger/v2/unlock': 1003,
  '/cms-system/system/charger/v2/cache/clear': 1003,
  '/cms-system/system/charger/v2/data-transfer': 1003,
  '/cms-system/system/charger/v2/trigger': 1003,
  '/cms-system/system/charger/v2/extended-trigger': 1003,
  '/cms-system/system/charger/v2/configuration/read': 1003,
  '/cms-system/system/charger/v2/configuration/change': 1003,
  // The owner's site has no such link: answered for the site's own links only.
  '/cms-system/system/display/v2/link/revoke': 1039,
  // The owner's site has no invoice 1, and its one session has no cost: nothing to bill.
  '/cms-system/system/invoice/v2/add': 16001,
  '/cms-system/system/invoice/v2/issue': 1039,
  '/cms-system/system/invoice/v2/send': 1039,
  '/cms-system/system/invoice/v2/credit': 1039,
  '/cms-system/system/invoice/v2/delete': 1039,
  '/cms-system/system/invoice/v2/detail': 1039,
  // The owner's charger is offline, and its site has no reservation 1.
  '/cms-system/system/diagnostics/v2/request': 1003,
  // The owner's charger is found: a PEM that is no certificate is refused before anything is sent.
  '/cms-system/system/certificate/v2/install': 4129,
  '/cms-system/system/certificate/v2/list': 1003,
  '/cms-system/system/certificate/v2/delete': 1003,
  '/cms-system/system/reservation/v2/add': 1039,
  '/cms-system/system/reservation/v2/cancel': 1039,
};

const bodyFor = <P extends SitePath>(path: P, owner: Owner): BodyWithoutSite<P> => {
  // Through `unknown`: indexing the mapped type with a generic path is a union too complex for the checker.
  const body = (siteCallBodies as Record<SitePath, unknown>)[path] as SiteCallBody<P>;
  return typeof body === 'function' ? body(owner) : body;
};
const probe: Owner = { chargerId: 1, orderNo: 1, cardRef: 1, groupId: 1 };
/** The calls that name a charger: another site's charger must answer like a missing one. */
const chargerPaths = (Object.keys(siteCallBodies) as SitePath[]).filter(
  (path) => 'chargerId' in (bodyFor(path, probe) as object),
);
/** The calls that name a session (orderNo): another site's session must answer like a missing one. */
const sessionPaths = (Object.keys(siteCallBodies) as SitePath[]).filter(
  (path) => 'orderNo' in (bodyFor(path, probe) as object),
);
/** The calls that name a card, or a card group: another site's must answer like a missing one. */
const naming = (field: 'cardRef' | 'groupId') =>
  (Object.keys(siteCallBodies) as SitePath[]).filter((path) =>
    JSON.stringify(bodyFor(path, { ...probe, [field]: 987_654_321 })).includes('987654321'),
  );
const cardPaths = naming('cardRef');
const groupPaths = naming('groupId');

/** A body each account call accepts; sent with A's stationId by another account, as the console adds it to all. */
const accountCallBodies: { [P in AccountPath]: BodyWithoutSite<P> } = {
  '/cms-system/system/station/v2/add': aSite({ name: 'Added by another account' }),
  '/cms-system/system/station/v2/list': { pageNum: 1, pageSize: 100 },
  '/cms-system/system/user/v2/detail': {},
  '/cms-system/system/user/v2/update': { name: 'Someone else' },
  '/cms-system/system/user/v2/pwd/update': {
    oldPassword: 'not-the-password',
    newPassword: 'another-1-password',
    confirmPassword: 'another-1-password',
  },
  '/cms-system/system/user/v2/logOut': {},
  '/cms-system/system/user/v2/delete': {},
  '/cms-system/system/charger/v2/firmware/list': {},
  '/cms-system/system/charger/v2/firmware/add': {
    model: 'Simulator',
    version: '99.0.0',
    url: 'https://firmware.example/evil-99.0.0.bin',
  },
};

const pathsWithAccess = (access: string) =>
  (Object.keys(calls) as CallPath[]).filter((path) => calls[path].access === access);

let t: TestApp;
type Tenant = Awaited<ReturnType<typeof operatorWithSite>>;
let a: Tenant;
let b: Tenant;
/** A display link of A's site: it opens that site's board and answers every call here 5003 (modules/display). */
let aDisplayToken: string;
const displayTokenRefused = {
  http: 401,
  body: { status: 5003, msg: 'Your session has ended, please log in again', data: null },
};

async function operatorWithSite(label: string) {
  const { token } = await anOperator(t.db);
  // Names and addresses no other row has, so that finding one in an answer means it leaked.
  const secret = `${label}-${randomBytes(6).toString('hex')}`;
  const { body } = await call(
    t.app,
    '/cms-system/system/station/v2/add',
    aSite({ name: `${secret} Shared Depot`, address: `${secret} Street 1` }),
    { token },
  );
  expect(body.status).toBe(200);
  const charger = await aCharger(t.db, { stationId: body.data.id });
  const orderNo = (await aStoredSession(t.db, charger)).id;
  // A card in the default group and an empty group: moving the card there and deleting the group both succeed.
  const cardRef = (await aCard(t.db, body.data.id, { holder: `${secret} Holder` })).id;
  const groupId = (await aGroup(t.db, body.data.id, { name: `${secret} Group` })).id;
  return {
    token,
    site: body.data,
    chargerId: charger.id,
    orderNo,
    cardRef,
    groupId,
    charger: await chargerDetail(body.data.id, charger.id, token),
    cards: await cardsOf(body.data.id, token),
  };
}

/** A site's cards (active and recycled) and card groups, as its owner sees them. */
async function cardsOf(stationId: number, token: string) {
  const as = async <P extends CallPath>(path: P, body: object) =>
    (await call(t.app, path, { stationId, ...body }, { token })).body.data;
  return {
    active: await as('/cms-system/system/card/v2/export', {}),
    recycled: await as('/cms-system/system/card/v2/export', { status: 'recycled' }),
    groups: await as('/cms-system/system/cardGroup/v2/list', {}),
  };
}

async function chargerDetail(stationId: number, chargerId: number, token: string) {
  const { body } = await call(
    t.app,
    '/cms-system/system/charger/v2/detail',
    { stationId, chargerId },
    { token },
  );
  expect(body.status).toBe(200);
  return body.data;
}

function expectNothingOf(site: Site, answer: unknown) {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(site.name);
  expect(text).not.toContain(site.address);
}

async function expectUntouched(owner: Tenant) {
  const { body } = await call(
    t.app,
    '/cms-system/system/station/v2/detail',
    { stationId: owner.site.id },
    { token: owner.token },
  );
  expect(body.data).toEqual(owner.site);
  expect(await chargerDetail(owner.site.id, owner.chargerId, owner.token)).toEqual(owner.charger);
  const session = await call(
    t.app,
    '/cms-system/system/session/v2/detail',
    { stationId: owner.site.id, orderNo: owner.orderNo },
    { token: owner.token },
  );
  expect(session.body.data?.orderNo).toBe(owner.orderNo);
  const tariff = await call(
    t.app,
    '/cms-system/system/tariff/v2/detail',
    { stationId: owner.site.id },
    {
      token: owner.token,
    },
  );
  expect(tariff.body.data).toBeNull();
  expect(await cardsOf(owner.site.id, owner.token)).toEqual(owner.cards);
}

beforeAll(async () => {
  t = await createTestApp();
  a = await operatorWithSite('A');
  b = await operatorWithSite('B');
  const link = await call(
    t.app,
    '/cms-system/system/display/v2/link/create',
    {
      stationId: a.site.id,
      name: 'Lobby',
    },
    { token: a.token },
  );
  aDisplayToken = link.body.data.token;
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('knows every call the server registers, and the server registers every call', async () => {
    await t.app.ready();
    const registered = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /(\/\S+) \(([^)]+)\)/.exec(line);
        return match?.[1]?.startsWith(cmsPrefix) && match[2]?.split(', ').includes('POST') ? [match[1]] : [];
      });
    // The export, an invoice's files and a charger's diagnostics answer a file, not the JSON envelope: the routes
    // outside the call table.
    expect(new Set(registered)).toEqual(
      new Set([
        ...Object.keys(calls),
        sessionExportPath,
        invoicePdfPath,
        invoiceXmlPath,
        diagnosticsFilePath,
      ]),
    );
  });

  it('has a cross-tenant case for every site call and every account call', () => {
    expect(Object.keys(siteCallBodies).sort()).toEqual(pathsWithAccess('site').sort());
    expect(Object.keys(accountCallBodies).sort()).toEqual(pathsWithAccess('account').sort());
  });

  describe.each(pathsWithAccess('site') as SitePath[])('%s', (path) => {
    const body = (owner: Owner = a) => bodyFor(path, owner);

    it("answers another account's site exactly like a site that does not exist", async () => {
      const foreign = await call(t.app, path, { ...body(), stationId: a.site.id }, { token: b.token });
      const missing = await call(t.app, path, { ...body(), stationId: 2 ** 40 }, { token: b.token });
      expect(foreign).toEqual({ http: 200, body: { status: 1502, msg: 'Site does not exist', data: null } });
      expect(foreign).toEqual(missing);
      expectNothingOf(a.site, foreign);
      await expectUntouched(a);
    });

    it("accepts the same body for the caller's own site", async () => {
      // Otherwise the 1502 above could come from a body the call refuses anyway.
      const own = await operatorWithSite('own');
      if (path === '/cms-system/system/station/v2/delete') {
        // A site with chargers is not deleted (1039); this one's go first.
        await t.db.deleteFrom('chargers').where('station_id', '=', own.site.id).execute();
      }
      const answer = await call(t.app, path, { ...body(own), stationId: own.site.id }, { token: own.token });
      expect(answer.body.status).toBe(ownAnswers[path] ?? 200);
    });

    it("answers a display link's token 5003, on the link's own site too", async () => {
      const answer = await call(t.app, path, { ...body(), stationId: a.site.id }, { token: aDisplayToken });
      expect(answer).toEqual(displayTokenRefused);
      await expectUntouched(a);
    });

    it('answers 1502 without a stationId', async () => {
      const answer = await call(t.app, path, body(), { token: b.token });
      expect(answer.body.status).not.toBe(200);
      expectNothingOf(a.site, answer);
    });
  });

  describe.each(chargerPaths)('%s', (path) => {
    it("answers another site's charger on the caller's own site exactly like a charger that does not exist", async () => {
      const foreign = await call(
        t.app,
        path,
        { ...bodyFor(path, a), stationId: b.site.id },
        { token: b.token },
      );
      const missing = await call(
        t.app,
        path,
        { ...bodyFor(path, { ...a, chargerId: 2 ** 40 }), stationId: b.site.id },
        { token: b.token },
      );
      expect(foreign).toEqual({
        http: 200,
        body: { status: 1001, msg: 'Device does not exist', data: null },
      });
      expect(foreign).toEqual(missing);
      await expectUntouched(a);
    });
  });

  describe.each(sessionPaths)('%s', (path) => {
    it("answers another site's session on the caller's own site exactly like a session that does not exist", async () => {
      const foreign = await call(
        t.app,
        path,
        { ...bodyFor(path, a), stationId: b.site.id },
        { token: b.token },
      );
      const missing = await call(
        t.app,
        path,
        { ...bodyFor(path, { ...a, orderNo: 2 ** 40 }), stationId: b.site.id },
        { token: b.token },
      );
      expect(foreign).toEqual({
        http: 200,
        body: { status: 1039, msg: 'The session does not exist', data: null },
      });
      expect(foreign).toEqual(missing);
      await expectUntouched(a);
    });
  });

  describe.each(cardPaths)('%s', (path) => {
    it("answers another site's card on the caller's own site exactly like a card that does not exist", async () => {
      const foreign = await call(
        t.app,
        path,
        { ...bodyFor(path, { ...b, cardRef: a.cardRef }), stationId: b.site.id },
        { token: b.token },
      );
      const missing = await call(
        t.app,
        path,
        { ...bodyFor(path, { ...b, cardRef: 2 ** 40 }), stationId: b.site.id },
        { token: b.token },
      );
      expect(foreign).toEqual({ http: 200, body: { status: 1039, msg: cardMissingMessage, data: null } });
      expect(foreign).toEqual(missing);
      await expectUntouched(a);
    });
  });

  describe.each(groupPaths)('%s', (path) => {
    it("answers another site's card group on the caller's own site exactly like a group that does not exist", async () => {
      const foreign = await call(
        t.app,
        path,
        { ...bodyFor(path, { ...b, groupId: a.groupId }), stationId: b.site.id },
        { token: b.token },
      );
      const missing = await call(
        t.app,
        path,
        { ...bodyFor(path, { ...b, groupId: 2 ** 40 }), stationId: b.site.id },
        { token: b.token },
      );
      expect(foreign).toEqual({ http: 200, body: { status: 1039, msg: groupMissingMessage, data: null } });
      expect(foreign).toEqual(missing);
      await expectUntouched(a);
    });
  });

  describe(sessionExportPath, () => {
    const exportAs = (token: string, stationId?: number) =>
      t.app.inject({
        method: 'POST',
        url: sessionExportPath,
        headers: { ...consoleHeaders(sessionExportPath, token), 'content-type': 'application/json' },
        payload: JSON.stringify({ stationId, scope: 'all', format: 'csv' }),
      });

    it("answers another account's site exactly like a site that does not exist", async () => {
      const foreign = await exportAs(b.token, a.site.id);
      const missing = await exportAs(b.token, 2 ** 40);
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json()).toEqual({ status: 1502, msg: 'Site does not exist', data: null });
      expect(foreign.body).toBe(missing.body);
      expect(foreign.body).not.toContain(a.site.name);
      await expectUntouched(a);
    });

    it("exports the caller's own site, and refuses a body without a stationId", async () => {
      const own = await exportAs(b.token, b.site.id);
      expect(own.headers['x-total-count']).toBe('1');
      expect(own.body).not.toContain(a.site.name);
      const without = await exportAs(b.token);
      expect(without.json<{ status: number }>().status).not.toBe(200);
      expect(without.body).not.toContain(a.site.name);
    });
  });

  describe.each(pathsWithAccess('account') as AccountPath[])('%s', (path) => {
    it("reveals and changes nothing of another account's site sent as stationId", async () => {
      // A fresh account per call: some of these end the session or delete the account.
      const caller = await operatorWithSite('C');
      const answer = await call(
        t.app,
        path,
        { ...accountCallBodies[path], stationId: a.site.id },
        { token: caller.token },
      );
      expect(answer.http).toBeLessThan(500);
      expectNothingOf(a.site, answer);
      await expectUntouched(a);
    });

    it("answers a display link's token 5003", async () => {
      const answer = await call(
        t.app,
        path,
        { ...accountCallBodies[path], stationId: a.site.id },
        { token: aDisplayToken },
      );
      expect(answer).toEqual(displayTokenRefused);
    });
  });

  it("lists only the caller's sites, also when searching", async () => {
    const all = await call(
      t.app,
      '/cms-system/system/station/v2/list',
      { pageSize: 100 },
      { token: b.token },
    );
    expect(all.body.data.list.map((s) => s.id)).toEqual([b.site.id]);
    expect(all.body.data.total).toBe(1);

    const shared = await call(
      t.app,
      '/cms-system/system/station/v2/list',
      { name: 'shared' },
      { token: b.token },
    );
    expect(shared.body.data.list.map((s) => s.id)).toEqual([b.site.id]);

    const byForeignName = await call(
      t.app,
      '/cms-system/system/station/v2/list',
      { name: a.site.name },
      { token: b.token },
    );
    expect(byForeignName.body.data).toMatchObject({ list: [], total: 0 });
    expectNothingOf(a.site, [all, shared, byForeignName]);
  });

  it("lists only the site's chargers", async () => {
    const { body } = await call(
      t.app,
      '/cms-system/system/charger/v2/list',
      { stationId: b.site.id, pageSize: 100 },
      { token: b.token },
    );
    expect(body.data.list.map((c) => c.id)).toEqual([b.chargerId]);
  });

  it("lists and exports only the site's cards and card groups", async () => {
    const mine = await cardsOf(b.site.id, b.token);
    expect(mine.active.list.map((c) => c.id)).toEqual([b.cardRef]);
    expect(mine.groups.list.map((g) => g.id)).toContain(b.groupId);
    expect(mine.groups.list.map((g) => g.id)).not.toContain(a.groupId);
    const { body } = await call(
      t.app,
      '/cms-system/system/card/v2/list',
      { stationId: b.site.id, keyword: a.cards.active.list[0]!.cardId },
      { token: b.token },
    );
    expect(body.data).toMatchObject({ list: [], total: 0 });
  });
});
