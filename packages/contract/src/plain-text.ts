import type { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';

/**
 * Text a column and a screen can hold: no NUL (PostgreSQL refuses it in text, which answered 500) and no half of a
 * surrogate pair (JSON can carry one, UTF-8 cannot: it would be stored as U+FFFD, not as sent). In `u` mode a
 * regular expression sees a well-formed pair as one code point, so \p{Cs} matches only a lone half.
 */
const notPlain = /\0|\p{Cs}/u;
export const isPlainText = (value: string): boolean => !notPlain.test(value);
export const plainTextMessage = 'must not contain NUL or unpaired surrogate characters';

/** The first string in a value that is not plain text, with its path; undefined when all are. */
export function findNonPlainText(value: unknown): (string | number)[] | undefined {
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isPlainText(item)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => stack.push([child, [...path, i]]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) stack.push([child, [...path, key]]);
    }
  }
  return undefined;
}

/**
 * `schema` refusing any string in its value (at any depth) that is not plain text, with the field's path. Checked
 * even when other fields are wrong too, and named first: that one answer names the field that would have failed
 * further on (the server answers the first issue).
 */
export function withPlainText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine(
    (value, ctx) => {
      const path = findNonPlainText(value);
      if (!path) return;
      ctx.addIssue({ code: 'custom', path, message: plainTextMessage, input: value });
      ctx.issues.unshift(ctx.issues.pop()!);
    },
    { when: () => true },
  );
}

/** Every call's body refusing text that is not plain, so that no call can be declared without the check. */
export function withPlainTextBodies<T extends Record<string, CallDefinition>>(defs: T): T {
  return Object.fromEntries(
    Object.entries(defs).map(([path, def]) => [path, { ...def, body: withPlainText(def.body) }]),
  ) as T;
}
