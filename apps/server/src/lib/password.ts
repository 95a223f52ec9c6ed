import { randomBytes } from 'node:crypto';
import { argon2id, hash, verify } from 'argon2';

// OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane (about 50 ms here).
const options = { type: argon2id, timeCost: 2, memoryCost: 19456, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `storedHash`. Without a stored hash (an unknown e-mail) it still runs one argon2
 * verification, against a dummy hash, so that "no such account" and "wrong password" take the same time.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const target = storedHash ?? (await dummyHash);
  const matches = await verify(target, password).catch(() => false);
  return matches && storedHash !== undefined;
}
