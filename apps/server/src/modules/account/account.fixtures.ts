import { randomBytes, randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { CodePurpose, Language, UserInfo } from '@plugboard/contract';
import { call, type TestApp } from '../../../test/helpers.ts';
import type { Mailbox } from '../../../test/smtp.ts';

export const aPassword = 'Charge-2024';

export const anEmail = (name = 'operator') => `${name}-${randomBytes(4).toString('hex')}@example.com`;

/** A client address of its own, so that tests do not share the per-client limits. */
export const aClientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Asks for a code as the console does and reads it from the mail that arrived. */
export async function aCode(
  t: TestApp,
  mailbox: Mailbox,
  email: string,
  purpose: CodePurpose,
  { token, language }: { token?: string; language?: Language } = {},
): Promise<string> {
  const { body } = await call(
    t.app,
    '/cms-system/system/verify/code/send',
    { email, purpose, ...(language ? { language } : {}) },
    { token, ip: aClientIp() },
  );
  expect(body).toMatchObject({ status: 200 });
  return mailbox.codeFor(email);
}

export function aRegistration(overrides: Record<string, unknown> = {}) {
  return {
    email: anEmail(),
    password: aPassword,
    confirmPassword: aPassword,
    code: 'AAAA',
    companyName: 'Laadpunt BV',
    companyAddress: 'Kade 1, 1011 AA Amsterdam',
    agreeTerms: true,
    ...overrides,
  };
}

export type Operator = { email: string; password: string; token: string; user: UserInfo };

/** An account made through the calls: a register code by mail, then register. */
export async function anAccount(
  t: TestApp,
  mailbox: Mailbox,
  overrides: Record<string, unknown> = {},
): Promise<Operator> {
  const registration = aRegistration(overrides);
  const code = await aCode(t, mailbox, registration.email, 'register');
  const { body } = await call(t.app, '/cms-system/system/user/v2/register', { ...registration, code });
  expect(body).toMatchObject({ status: 200 });
  return { email: registration.email, password: registration.password, ...body.data };
}
