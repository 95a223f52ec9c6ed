import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { siteFieldsSchema, type calls } from '@plugboard/contract';
import { call } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { eventWriter } from '../events/events.service.ts';
import { anOperator, aSite } from '../sites/sites.fixtures.ts';
import { sitesService } from '../sites/sites.service.ts';
import { chargerService, type Charger, type RegisterChargerInput } from './chargers.service.ts';

type CallPath = keyof typeof calls;

/** A product code no other test uses. */
export const aProductCode = () => `E07${randomBytes(4).toString('hex').toUpperCase()}`;

/** A site of a fresh operator. */
export async function aStation(db: Db): Promise<number> {
  const { userId } = await anOperator(db);
  return (await sitesService(db).add(userId, siteFieldsSchema.parse(aSite()))).id;
}

/** A charger registered on a site (a new one unless `stationId` is given), with a known PIN. */
export async function aCharger(
  db: Db,
  overrides: Partial<RegisterChargerInput> = {},
): Promise<Charger & { pin: string }> {
  const input = {
    stationId: overrides.stationId ?? (await aStation(db)),
    productCode: aProductCode(),
    pin: '1234',
    alias: `C${randomBytes(3).toString('hex')}`,
    ...overrides,
  };
  const charger = await chargerService({
    db,
    events: eventWriter(() => new Date()),
    now: () => new Date(),
  }).registerCharger(input);
  return { ...charger, pin: input.pin };
}

/** An operator with a session token and a site of their own, to call the console's charger calls with. */
export async function anOperatorWithSite(
  db: Db,
): Promise<{ userId: number; token: string; stationId: number }> {
  const operator = await anOperator(db);
  const site = await sitesService(db).add(operator.userId, siteFieldsSchema.parse(aSite()));
  return { ...operator, stationId: site.id };
}

type ChargerCall = Extract<CallPath, `/cms-system/system/charger/v2/${string}`>;
type ChargerCallName = ChargerCall extends `/cms-system/system/charger/v2/${infer N}` ? N : never;

/** The path of a charger call by its last part: `chargerCall('pin/reset')`. */
export const chargerCall = <N extends ChargerCallName>(name: N) =>
  `/cms-system/system/charger/v2/${name}` as const;

/** Calls as an operator, on their site unless the body names another `stationId`. */
export function callerFor(app: FastifyInstance, op: { token: string; stationId: number }) {
  return async <P extends CallPath>(path: P, body: Record<string, unknown>) =>
    (await call(app, path, { stationId: op.stationId, ...body }, { token: op.token })).body;
}
