import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Writes a call's answer as JSON from the contract's zod schema, by fast-json-stringify (code generated once from
 * the schema's JSON Schema) instead of zod's `safeParse` and `JSON.stringify` on every answer (bench/api: the
 * answer's parse and copy were about 5 % of the server's time per request, with an object allocated per value).
 *
 * What it keeps of the zod parse: only the fields the contract names are written (a row spread into an answer leaks
 * nothing: an object's other properties are left out, at every depth, also inside a union's branch), an absent
 * field with a default is written with it. What it does not do is check: a value of the wrong type is coerced or
 * fails as fast-json-stringify does. So under tests (vitest) every answer is also parsed by its zod schema, and
 * must pass and come out the same as the zod parse would have written it: a handler that breaks the contract
 * fails its tests as before.
 */
export type AnswerSerializer = (data: unknown) => string;

/** Under vitest: each answer also checked against its zod schema (and against what zod would have written). */
const checkEveryAnswer = process.env.VITEST !== undefined;

// Per schema object, for the process: tests build many apps from the same contract.
const compiled = new WeakMap<z.ZodType, AnswerSerializer>();

/** The serializer of one schema, compiled at its first answer (93 calls would add seconds to every start). */
export function answerSerializer(schema: z.ZodType, check = checkEveryAnswer): AnswerSerializer {
  let fast: AnswerSerializer | undefined;
  const write: AnswerSerializer = (data) => {
    fast ??= compiled.get(schema) ?? compile(schema);
    return fast(data);
  };
  if (!check) return write;
  return (data) => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new AnswerContractError(parsed.error);
    const text = write(data);
    const expected: unknown = JSON.parse(JSON.stringify(parsed.data));
    if (!isDeepStrictEqual(JSON.parse(text), expected))
      throw new AnswerContractError(
        new Error(`written ${text}, the contract's parse gives ${JSON.stringify(expected)}`),
      );
    return text;
  };
}

/** An answer that its call's contract refuses (raised under tests only): HTTP 500, as a zod-checked answer was. */
export class AnswerContractError extends Error {
  constructor(cause: unknown) {
    super(`The answer does not match its contract: ${(cause as Error).message}`, { cause });
    this.name = 'AnswerContractError';
  }
}

export function compile(schema: z.ZodType): AnswerSerializer {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const fast: AnswerSerializer = fastJson(forWriting(json) as Parameters<typeof fastJson>[0]);
  compiled.set(schema, fast);
  return fast;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (value: unknown) => isJson(value) && value.type === 'null' && Object.keys(value).length === 1;

/**
 * The JSON Schema as fast-json-stringify writes it best, with the same output:
 * - `anyOf: [X, {type: 'null'}]` (zod's nullable) becomes X with `nullable: true`: fast-json-stringify checks an
 *   `anyOf` by validating the value against each branch (ajv) on every answer, a null by `=== null`;
 * - a union of one primitive type's values (`1 | 3`) is written as that type;
 * - `additionalProperties: false` is left out: fast-json-stringify writes only the properties named either way,
 *   and inside a union's branches it would make an object with one more property match no branch at all (zod
 *   strips it and goes on);
 * - `format` is left out (a `date-time` format would turn a Date into a string, which the contract refuses), and
 *   `$schema` and `description` (not used to write). The rest stays: a union's branch is chosen by it.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (!isJson(node)) return node;
  const variants = node.anyOf;
  if (Array.isArray(variants) && variants.length === 2 && variants.some(isNull)) {
    const other: unknown = variants.find((v) => !isNull(v));
    if (
      isJson(other) &&
      typeof other.type === 'string' &&
      other.anyOf === undefined &&
      other.oneOf === undefined
    ) {
      const { anyOf: _anyOf, ...rest } = node;
      return forWriting({ ...rest, ...other, nullable: true });
    }
  }
  // A union of values of one primitive type (zod's union of literals: `1 | 3`) is written as that type.
  if (Array.isArray(variants) && variants.length > 0) {
    const type = (variants[0] as Json | undefined)?.type;
    if (
      primitives.has(type) &&
      variants.every((v) => isJson(v) && v.type === type && v.anyOf === undefined && v.oneOf === undefined)
    ) {
      const { anyOf: _anyOf, ...rest } = node;
      return forWriting({ ...rest, type });
    }
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (dropped.has(key)) continue;
    if (key === 'additionalProperties' && value === false) continue;
    // A property's name is data, not a keyword: `properties` keeps every key, each one's schema rewritten.
    if (key === 'properties' && isJson(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forWriting(v)]));
      continue;
    }
    out[key] = forWriting(value);
  }
  return out;
}

const primitives = new Set<unknown>(['string', 'number', 'integer', 'boolean']);
const dropped = new Set(['$schema', 'description', 'format']);
