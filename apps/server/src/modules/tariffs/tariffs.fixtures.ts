import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Tariff, TariffSave } from '@plugboard/contract';
import { call } from '../../../test/helpers.ts';

/** A static tariff as the console saves it: 0.349 per kWh, 0.05 per minute, 0.10 idle, 0.50 to start, 21 % VAT. */
export function aTariff(
  overrides: Partial<Omit<TariffSave, 'stationId'>> = {},
): Omit<TariffSave, 'stationId'> {
  return {
    priceModel: 'static',
    energyPrice: 0.349,
    timePrice: 0.05,
    idlePrice: 0.1,
    startFee: 0.5,
    pricesIncludeVat: false,
    vatRate: 21,
    paymentMethods: ['rfid'],
    bands: [],
    ...overrides,
  };
}

/** Saves a tariff for the operator's site through the console's call; returns the version. */
export async function saveTariff(
  app: FastifyInstance,
  op: { token: string; stationId: number },
  overrides: Partial<Omit<TariffSave, 'stationId'>> = {},
): Promise<Tariff> {
  const { body } = await call(
    app,
    '/cms-system/system/tariff/v2/save',
    { stationId: op.stationId, ...aTariff(overrides) },
    { token: op.token },
  );
  expect(body.status).toBe(200);
  return body.data;
}
