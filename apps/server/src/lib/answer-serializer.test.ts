import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, envelope, errorEnvelope, type CallDefinition } from '@plugboard/contract';
import { AnswerContractError, answerSerializer, compile } from './answer-serializer.ts';

const item = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });
const schema = z.object({
  list: z.array(item),
  current: item.nullable(),
  pick: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('a'), a: z.number() }),
    z.object({ kind: z.literal('b'), b: z.string() }),
  ]),
  either: z.union([z.object({ x: z.number() }), z.object({ y: z.string() })]),
  phases: z.union([z.literal(1), z.literal(3)]),
  byName: z.record(z.string(), z.number()),
  level: z.string().default('low'),
  when: z.iso.datetime().nullable(),
  maybe: z.number().optional(),
});

const secret = { passwordHash: 'x', pin_hash: 'y' };
const answer = {
  list: [
    { id: 1, name: 'one', note: null, ...secret },
    { id: 2, name: 'two', note: 'n', ...secret },
  ],
  current: { id: 3, name: 'three', note: 'c', ...secret },
  pick: { kind: 'b', b: 'bee', ...secret },
  either: { y: 'why', ...secret },
  phases: 3,
  byName: { a: 1, b: 2 },
  when: '2026-11-25T02:00:00.000Z',
  ...secret,
};

describe('answerSerializer', () => {
  it('writes what the zod parse writes: only the contract fields, at every depth, defaults filled in', () => {
    const write = answerSerializer(schema, false);
    const written = JSON.parse(write(answer)) as unknown;
    expect(written).toEqual(JSON.parse(JSON.stringify(schema.parse(answer))));
    expect(JSON.stringify(written)).not.toMatch(/passwordHash|pin_hash/);
    expect(written).toMatchObject({ level: 'low', current: { id: 3 }, pick: { kind: 'b', b: 'bee' } });
    expect(JSON.parse(write({ ...answer, current: null, when: null }))).toMatchObject({
      current: null,
      when: null,
    });
  });

  it('checks every answer against its zod schema under tests, and only then', () => {
    const checked = answerSerializer(schema, true);
    expect(() => checked({ ...answer, phases: 2 })).toThrow(AnswerContractError);
    expect(() => checked({ ...answer, list: [{ id: 'one', name: 'one', note: null }] })).toThrow(
      AnswerContractError,
    );
    expect(() => checked(answer)).not.toThrow();
    // Unchecked, a value of a wrong primitive type is written as fast-json-stringify coerces it, not refused.
    expect(() => answerSerializer(schema, false)({ ...answer, phases: 2 })).not.toThrow();
  });

  it("compiles every call's answer and the error envelope", () => {
    for (const [path, def] of Object.entries(calls)) {
      const write = compile(envelope((def as CallDefinition).data));
      expect(typeof write, path).toBe('function');
    }
    expect(
      answerSerializer(errorEnvelope, true)({ status: 1502, msg: 'No such site', data: null, extra: 1 }),
    ).toBe('{"status":1502,"msg":"No such site","data":null}');
  });
});
