import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  diagnosticsFilePath,
  diagnosticsFileSchema,
  diagnosticsMaxBytes,
  diagnosticsUploadPath,
} from '@plugboard/contract';
import { checkCaller, type CallDeps, type CallHandlers, type CallPath } from '../../lib/calls.ts';
import type { DiagnosticsService } from './diagnostics.service.ts';

type DiagnosticsPath = Extract<CallPath, `/cms-system/system/diagnostics/${string}`>;

/** The console's diagnostics calls; the site's ownership is checked before a handler runs (lib/calls.ts). */
export function diagnosticsRoutes(diagnostics: DiagnosticsService): CallHandlers<DiagnosticsPath> {
  return {
    '/cms-system/system/diagnostics/v2/request': ({ stationId, body }) =>
      diagnostics.request(stationId, body),
    '/cms-system/system/diagnostics/v2/list': ({ stationId, body }) =>
      diagnostics.list(stationId, body.chargerId),
  };
}

/**
 * The two routes that are not JSON calls: the charger's upload to its one-time URL (PUT or POST; the raw body, or
 * the first file of a multipart/form-data body; no login, the token is the right to upload once), and the console's
 * download of the file, checked like a site call.
 */
export async function registerDiagnosticsFiles(
  app: FastifyInstance,
  deps: CallDeps,
  diagnostics: DiagnosticsService,
): Promise<void> {
  // A plugin scope of its own (its content-type parser and error handler stay inside); registered synchronously.
  await app.register((scope, _options, done) => {
    // Any body, as bytes, in this scope only; over the limit Fastify answers 413 before storing anything.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: diagnosticsMaxBytes + 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    // A charger reads the HTTP status only: 413 over the limit, not the console's JSON envelope.
    scope.setErrorHandler<Error & { statusCode?: number }>((error, _request, reply) =>
      reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 500).send(),
    );
    scope.route<{ Params: { token: string } }>({
      method: ['PUT', 'POST'],
      url: `${diagnosticsUploadPath}/:token`,
      // The URL carries the one-time token: no request line of it in the info log.
      logLevel: 'warn',
      schema: { hide: true },
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const file = fileOf(String(request.headers['content-type'] ?? ''), body);
        if (file.content.length > diagnosticsMaxBytes) return reply.code(413).send();
        const stored = await diagnostics.receive(request.params.token, file);
        return reply.code(stored ? 200 : 404).send();
      },
    });
    done();
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: diagnosticsFilePath,
    schema: {
      summary: "A charger's uploaded diagnostics file",
      body: diagnosticsFileSchema,
      tags: ['chargers'],
    },
    handler: async (request, reply) => {
      const { stationId } = await checkCaller(request, 'site', deps);
      const file = await diagnostics.file(stationId!, request.body.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`)
        .header('access-control-expose-headers', 'Content-Disposition')
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}

/** The uploaded file: a multipart body's first file part (with its name), else the body itself. */
export function fileOf(contentType: string, body: Buffer): { name: string | null; content: Buffer } {
  const boundary = /multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return { name: null, content: body };
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('latin1');
      const name = /filename="([^"]*)"/i.exec(headers)?.[1];
      if (name !== undefined) {
        // The part's content ends before the CRLF that precedes the next delimiter.
        return {
          name: name.split(/[\\/]/).pop() || 'diagnostics',
          content: part.subarray(headerEnd + 4, part.length - 2),
        };
      }
    }
    start = next;
  }
  return { name: null, content: Buffer.alloc(0) };
}
