import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findNonPlainText, isPlainText, withPlainText } from './plain-text.ts';

describe('plain text', () => {
  it('accepts any well-formed text, emoji and CJK included, and refuses NUL and half a surrogate pair', () => {
    for (const text of ['Bay 1', 'Ladesäule 🔌', '充电桩', '', '\u{1F50C}'])
      expect(isPlainText(text), text).toBe(true);
    for (const text of ['a\u0000b', '\ud83d', 'x\udd0cy', '\ud83d\ud83d'])
      expect(isPlainText(text), text).toBe(false);
  });

  it('names the path of the first bad string, at any depth', () => {
    expect(findNonPlainText({ a: 'ok', b: [{ c: 'ok' }, { c: 'no\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findNonPlainText({ a: 'ok', n: 1 })).toBeUndefined();
  });

  it('puts the text issue first even when other fields are wrong', () => {
    const schema = withPlainText(z.object({ a: z.string(), b: z.number() }));
    const result = schema.safeParse({ a: 'x\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['a']);
  });
});
