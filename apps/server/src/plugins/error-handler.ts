import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codes, errorMessages } from '@plugboard/contract';
import { AppError } from '../lib/app-error.ts';

/**
 * One error shape for every call: `{status, msg, data: null}`.
 * - catalogued domain errors: HTTP 200, the code in `status` (the request was understood; the envelope says how it
 *   ended), except the session and signature codes, which are HTTP 401 so that any client drops the session;
 * - malformed JSON, wrong types, missing fields: HTTP 400, status 4129 and a msg naming the field;
 * - anything else: HTTP 500, status 500, details only in the log (with the request id).
 */
export function registerErrorHandler(app: FastifyInstance) {
  const authCodes = new Set<number>([
    codes.requestExpired,
    codes.sessionEnded,
    codes.sessionExpired,
    codes.loginRequired,
  ]);

  app.setErrorHandler<Error & { statusCode?: number }>((error, request, reply) => {
    if (error instanceof AppError) {
      const http = authCodes.has(error.code) ? 401 : 200;
      return reply.code(http).send({ status: error.code, msg: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The package types each entry with a fastify type its exports do not resolve: name what is read here.
      const first = (error.validation as unknown as { instancePath: string; message?: string }[])[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
      const detail = first?.message ?? 'invalid value';
      return reply.code(400).send({
        status: codes.invalidInput,
        msg: `${errorMessages[codes.invalidInput]}: ${field}: ${detail}`,
        data: null,
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: unparseable JSON, wrong content type, body too large...
      return reply.code(400).send({
        status: codes.invalidInput,
        msg: `${errorMessages[codes.invalidInput]}: ${error.message}`,
        data: null,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: codes.serverError, msg: errorMessages[codes.serverError], data: null });
  });
}
