import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, sha256 } from './sha256.ts';
import { signRequest } from './headers.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('request signature', () => {
  it('hashes like node:crypto for every length around the block boundaries', () => {
    for (let length = 0; length < 300; length++) {
      const data = randomBytes(length);
      expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });

  it('signs like node:crypto HMAC, with short, empty, long and non-ASCII keys', () => {
    for (const key of ['', 'token', 'x'.repeat(64), 'k'.repeat(200), 'clé-€']) {
      const message = '/cms-system/system/user/v2/detail1763800000000';
      expect(hmacSha256Hex(key, message)).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });

  it('signs path + timestamp keyed by the token', () => {
    const expected = createHmac('sha256', 'tok')
      .update('/a/b' + '123')
      .digest('hex');
    expect(signRequest('/a/b', '123', 'tok')).toBe(`HMAC-SHA256 ${expected}`);
  });
});
