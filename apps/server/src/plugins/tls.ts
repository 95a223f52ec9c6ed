import { readFile } from 'node:fs/promises';
import type { ServerOptions } from 'node:https';
import { createSecureContext } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { TlsFiles } from '../config.ts';
import { StartupError } from '../lib/startup-error.ts';

/**
 * The https options of the server's one port (console, live socket and OCPP alike): TLS 1.2 or newer only, as the
 * OCPP 1.6 security whitepaper requires for profiles 2 and 3. With a client CA, every client is asked for a
 * certificate but none is required at the TLS level: a browser and a profile 2 charger have none, and the OCPP
 * handshake decides per charger (ocpp/handshake.ts).
 */
export async function httpsOptions(files: TlsFiles): Promise<ServerOptions> {
  const [cert, key, ca] = await Promise.all([
    readPem('TLS_CERT', files.cert),
    readPem('TLS_KEY', files.key),
    files.clientCa === undefined ? undefined : readPem('TLS_CLIENT_CA', files.clientCa),
  ]);
  const options: ServerOptions = {
    cert,
    key,
    minVersion: 'TLSv1.2',
    ...(ca && { ca, requestCert: true, rejectUnauthorized: false }),
  };
  try {
    createSecureContext(options); // a key that does not match the certificate stops the start with a clear line
  } catch (error) {
    throw new StartupError(`TLS_CERT / TLS_KEY: ${(error as Error).message}`);
  }
  return options;
}

async function readPem(name: string, file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new StartupError(
      `${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
}

/** Over TLS, browsers are told to come back over https only (a year; the port has no plain http). */
export function registerHsts(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('strict-transport-security', 'max-age=31536000');
  });
}
