import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionExportPath, sessionExportSchema } from '@plugboard/contract';
import { checkCaller, type CallDeps } from '../../lib/calls.ts';
import type { SessionsExportService } from './sessions-export.service.ts';

/**
 * POST /cms-system/system/session/v2/export answers the file itself, so it is not in the contract's JSON call
 * table; it is checked exactly like a site call (lib/calls.ts checkCaller), and refusals are the same JSON envelope.
 */
export function registerSessionsExport(app: FastifyInstance, deps: CallDeps, exports: SessionsExportService) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: sessionExportPath,
    schema: {
      summary: 'Streams the sessions of the filter (this page, or all pages) as a CSV or XLSX file',
      body: sessionExportSchema,
      tags: ['session'],
    },
    handler: async (request, reply) => {
      const { stationId } = await checkCaller(request, 'site', deps);
      const { stationId: _site, ...query } = request.body;
      const file = await exports.open(stationId!, query);
      // A download given up must stop the reading: the stream holds a database cursor.
      reply.raw.once('close', () => file.body.destroy());
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-total-count', String(file.total))
        .header('access-control-expose-headers', 'X-Total-Count, Content-Disposition')
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
