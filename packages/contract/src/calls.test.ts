import { describe, expect, it } from 'vitest';
import { accountCalls } from './account.calls.ts';
import { calls, cmsPrefix } from './calls.ts';
import { cardCalls } from './cards.calls.ts';
import { chargerCalls } from './chargers.calls.ts';
import { invoiceCalls } from './invoices.calls.ts';
import { sessionCalls } from './sessions.calls.ts';
import { siteCalls } from './sites.calls.ts';
import { tariffCalls } from './tariffs.calls.ts';
import { verifyCodeCalls } from './verify-code.calls.ts';

const nounCalls = [
  accountCalls,
  verifyCodeCalls,
  siteCalls,
  chargerCalls,
  cardCalls,
  tariffCalls,
  sessionCalls,
  invoiceCalls,
];

describe('the call map', () => {
  it('keeps every call of every noun: no two nouns claim the same path', () => {
    const declared = nounCalls.flatMap((map) => Object.keys(map));
    expect(new Set(declared).size).toBe(declared.length);
    expect(Object.keys(calls).sort()).toEqual(declared.sort());
  });

  it('serves every call under the console prefix', () => {
    for (const path of Object.keys(calls)) expect(path.startsWith(`${cmsPrefix}/`)).toBe(true);
  });
});
