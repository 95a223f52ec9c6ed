import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { calls, isErrorCode } from '@plugboard/contract';
import { consoleHeaders, createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Case = { label: string; payload?: string; contentType?: string };

// Values tried for each field: the first that the field accepts makes up a valid-looking body; those it refuses
// are its wrong types.
const pool: unknown[] = [
  'a@example.com',
  'Secret-123',
  'AB12',
  'en_US',
  'register',
  'EUR',
  1,
  3,
  0,
  true,
  null,
];
const wrongValues: unknown[] = [12345, 'text', true, ['x'], { nested: 1 }, null];

function malformedBodies(body: z.ZodType): Case[] {
  const shape = Object.entries((body as z.ZodObject).shape) as [string, z.ZodType][];
  const sample: Record<string, unknown> = {};
  for (const [key, field] of shape) {
    const accepted = pool.find((value) => field.safeParse(value).success);
    if (accepted !== undefined) sample[key] = accepted;
  }
  const cases: Case[] = [
    { label: 'text that is not JSON', payload: '{"email": nope' },
    { label: 'a JSON array', payload: JSON.stringify([sample]) },
    { label: 'a JSON string', payload: '"hello"' },
    { label: 'JSON null', payload: 'null' },
    { label: 'an empty body', payload: '' },
    { label: 'no body and no content type', contentType: '' },
    { label: 'plain text', payload: 'email=a@example.com', contentType: 'text/plain' },
    {
      label: 'form data',
      payload: 'email=a%40example.com',
      contentType: 'application/x-www-form-urlencoded',
    },
  ];
  for (const [key, field] of shape) {
    for (const value of wrongValues.filter((v) => !field.safeParse(v).success)) {
      cases.push({
        label: `${key} = ${JSON.stringify(value)}`,
        payload: JSON.stringify({ ...sample, [key]: value }),
      });
    }
    if (!field.safeParse(undefined).success) {
      const { [key]: _missing, ...rest } = sample;
      cases.push({ label: `${key} missing`, payload: JSON.stringify(rest) });
    }
  }
  return cases;
}

const table = Object.entries(calls).flatMap(([path, def]) =>
  malformedBodies(def.body).map((c) => ({ path, ...c })),
);

it.each(table)('$path refuses $label with a catalogued error', async ({ path, payload, contentType }) => {
  const headers = consoleHeaders(path, '', t.clock.now().getTime());
  const type = contentType ?? 'application/json';
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: type ? { ...headers, 'content-type': type } : headers,
    ...(payload === undefined ? {} : { payload }),
  });
  expect([400, 401]).toContain(response.statusCode);
  const body = response.json<{ status: number; msg: string; data: unknown }>();
  expect(body.status).not.toBe(200);
  expect(isErrorCode(body.status)).toBe(true);
  expect(body.msg).toEqual(expect.any(String));
  expect(body.msg.length).toBeGreaterThan(0);
  expect(body.data).toBeNull();
  expect(response.body).not.toMatch(/\n\s+at |"stack"/);
});

// A NUL (which PostgreSQL refuses in text: it answered 500) or half a surrogate pair in any text field of any call.
const badTexts = [
  { label: 'a NUL', text: 'Bay\u00001' },
  { label: 'a lone surrogate', text: 'Bay\ud8001' },
];
function textCases(body: z.ZodType) {
  const shape = Object.entries((body as z.ZodObject).shape) as [string, z.ZodType][];
  return shape
    .filter(([, field]) => field.safeParse('Bay 1').success || field.safeParse('a@example.com').success)
    .flatMap(([key, field]) => {
      const plain = field.safeParse('Bay 1').success ? 'Bay 1' : 'a@example.com';
      return badTexts.map(({ label, text }) => ({
        key,
        label,
        value: plain === 'Bay 1' ? text : `a${text}@example.com`,
      }));
    });
}
const textTable = Object.entries(calls).flatMap(([path, def]) =>
  textCases(def.body).map((c) => ({ path, ...c })),
);

it('finds text fields to try in many calls', () => {
  expect(new Set(textTable.map((c) => c.path)).size).toBeGreaterThan(20);
});

it.each(textTable)('$path refuses $label in $key (4129 naming it)', async ({ path, key, value }) => {
  const headers = consoleHeaders(path, '', t.clock.now().getTime());
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ [key]: value }),
  });
  expect(response.statusCode).toBe(400);
  const body = response.json<{ status: number; msg: string }>();
  expect(body.status).toBe(4129);
  expect(body.msg).toContain(key);
});

it('refuses a NUL deep in a body, naming its path', async () => {
  const path = '/cms-system/system/user/v2/login';
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...consoleHeaders(path, '', t.clock.now().getTime()), 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a@example.com', password: 'Secret-123\u0000' }),
  });
  expect(response.json()).toMatchObject({ status: 4129, msg: expect.stringContaining('password') as string });
});
