import { describe, expect, it, vi } from 'vitest';
import type * as Argon2 from 'argon2';

// Records which hash every argon2 verification ran against, to compare the work of the two failure paths without
// measuring time.
const verifiedHashes: string[] = [];
vi.mock('argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    verify: (hash: string, password: string) => {
      verifiedHashes.push(hash);
      return real.verify(hash, password);
    },
  };
});

const { hashPassword, verifyPassword } = await import('./password.ts');

/** `$argon2id$v=19$m=19456,p=1,t=2$salt$hash` -> `argon2id$v=19$m=19456,p=1,t=2` */
const parameters = (hash: string | undefined) => (hash ?? '').split('$').slice(1, 4).join('$');

describe('password hashing', () => {
  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane, and never keeps the password', async () => {
    const hash = await hashPassword('Right-pass-1');
    expect(parameters(hash)).toBe('argon2id$v=19$m=19456,p=1,t=2');
    expect(hash).not.toContain('Right-pass-1');
    expect(await verifyPassword(hash, 'Right-pass-1')).toBe(true);
  });

  it('runs the same argon2id verification for an unknown e-mail as for a wrong password', async () => {
    const stored = await hashPassword('Right-pass-1');
    verifiedHashes.length = 0;
    expect(await verifyPassword(stored, 'Wrong-pass-1')).toBe(false);
    expect(await verifyPassword(undefined, 'Wrong-pass-1')).toBe(false);
    expect(verifiedHashes).toHaveLength(2);
    expect(parameters(verifiedHashes[1])).toBe(parameters(verifiedHashes[0]));
  });

  it('never accepts a password for an unknown e-mail, even the dummy one', async () => {
    expect(await verifyPassword(undefined, '')).toBe(false);
  });
});
