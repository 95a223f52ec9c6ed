import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * HMAC-SHA256 of a charger's PIN, keyed by a server secret that every node reads from the database. A fast keyed
 * hash rather than argon2 on purpose: a reconnect storm of thousands of chargers must cost milliseconds of CPU,
 * and PINs are not reused passwords of people. The product code is part of the message, so two chargers with the
 * same PIN do not share a hash.
 */
export function pinHasher(loadSecret: (candidate: Buffer) => Promise<Buffer>) {
  // As a KeyObject: an HMAC keyed by one costs a third of one keyed by the Buffer (which is imported every time),
  // measured at 35 against 120 us here; a reconnect storm checks thousands of PINs.
  let secret: Promise<KeyObject> | undefined;
  const key = () =>
    (secret ??= loadSecret(randomBytes(32)).then(
      (bytes) => createSecretKey(bytes),
      (error: unknown) => {
        secret = undefined; // a database hiccup must not poison every later handshake
        throw error;
      },
    ));
  const hash = async (productCode: string, pin: string): Promise<Buffer> =>
    createHmac('sha256', await key())
      .update(`${productCode.toLowerCase()}:${pin}`)
      .digest();
  return {
    hash,
    /** Compares in constant time; without a stored hash it still hashes, so unknown codes take as long. */
    verify: async (productCode: string, pin: string, stored: Buffer | undefined): Promise<boolean> => {
      const given = await hash(productCode, pin);
      const target = stored && stored.length === given.length ? stored : Buffer.alloc(given.length);
      return timingSafeEqual(given, target) && stored !== undefined;
    },
  };
}
