// @peculiar/x509 resolves its parsers through tsyringe, which needs the Reflect metadata polyfill loaded before it.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Node's webcrypto is the Web Crypto API; only the name of its type differs from the DOM lib's Crypto.
x509.cryptoProvider.set(webcrypto as never);

export { x509 };
