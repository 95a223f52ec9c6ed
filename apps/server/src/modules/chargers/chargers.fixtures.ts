import { randomBytes } from 'node:crypto';
import { siteFieldsSchema } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { createEventBus } from '../../lib/event-bus.ts';
import { anOperator, aSite } from '../sites/sites.fixtures.ts';
import { sitesService } from '../sites/sites.service.ts';
import { chargerService, type Charger, type RegisterChargerInput } from './chargers.service.ts';

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
    events: createEventBus(),
    now: () => new Date(),
  }).registerCharger(input);
  return { ...charger, pin: input.pin };
}
