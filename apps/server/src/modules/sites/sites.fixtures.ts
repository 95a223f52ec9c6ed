import { randomBytes } from 'node:crypto';
import type { SiteFieldsInput } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { authService } from '../auth/auth.service.ts';

/** An account with a live session, made straight in the database: site tests need an owner, not a sign-up. */
export async function anOperator(db: Db): Promise<{ userId: number; token: string }> {
  const { id } = await db
    .insertInto('users')
    .values({ email: `op-${randomBytes(6).toString('hex')}@example.test`, password_hash: 'unused' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId: id, token: await authService(db).create(id) };
}

/** The fields of a valid three-phase site, as the add form sends them. */
export function aSite(overrides: Partial<SiteFieldsInput> = {}): SiteFieldsInput {
  return {
    name: 'Depot Noord',
    address: 'Kade 1, 1011 AA Amsterdam',
    currency: 'EUR',
    powerCapacity: 50,
    phases: 3,
    capacityL1: 63,
    capacityL2: 63,
    capacityL3: 63,
    ...overrides,
  };
}
