import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pinHasher } from './pin-hash.ts';

describe('the PIN hasher', () => {
  it('gives the HMAC-SHA256 of the stored secret, so that PINs hashed before still verify', async () => {
    const secret = Buffer.alloc(32, 7);
    const pins = pinHasher(() => Promise.resolve(secret));
    const stored = createHmac('sha256', secret).update('e07abc:1234').digest();
    expect(await pins.hash('E07ABC', '1234')).toEqual(stored);
    expect(await pins.verify('e07AbC', '1234', stored)).toBe(true);
    expect(await pins.verify('E07ABC', '1235', stored)).toBe(false);
    expect(await pins.verify('E07ABC', '1234', undefined)).toBe(false);
  });

  it('loads the secret again after a failure', async () => {
    let calls = 0;
    const pins = pinHasher(() =>
      ++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(Buffer.alloc(32)),
    );
    await expect(pins.hash('E07ABC', '1234')).rejects.toThrow('down');
    await expect(pins.hash('E07ABC', '1234')).resolves.toHaveLength(32);
  });
});
