/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { calls, cmsPrefix } from './calls.ts';

// Every noun's call map, read from the files themselves: a noun whose calls the map forgot fails below too.
const nounCalls = Object.values(
  import.meta.glob<Record<string, Record<string, unknown>>>('./*.calls.ts', { eager: true }),
).flatMap((module) => Object.values(module));

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
