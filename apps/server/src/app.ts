import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { consoleVersion } from '@plugboard/contract';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerCalls } from './lib/calls.ts';
import { AppError } from './lib/app-error.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerWeb } from './plugins/web.ts';
import { sessionService } from './modules/session/session.service.ts';
import { handlers } from './modules/handlers.ts';

export type AppOptions = {
  config: Pick<Config, 'logLevel' | 'webDist'> & Partial<Config>;
  db: Db;
  now?: () => Date;
};

/** Builds the whole server (console API, console files, OCPP endpoint) without listening: tests inject into it. */
export async function buildApp({ config, db, now = () => new Date() }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tokens and signatures never reach the log; bodies are not logged at all.
      redact: { paths: ['req.headers.authorization', 'req.headers["x-token"]', 'req.headers.cookie'], censor: '[redacted]' },
    },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID()),
    bodyLimit: 4 * 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Plugboard console API', version: consoleVersion },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/cms-system/openapi.json', { schema: { hide: true } }, () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => {
    await db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
    return { status: 'ok' };
  });

  const sessions = sessionService(db, now);
  registerCalls(
    app,
    {
      sessions,
      now,
      assertSiteOwner: () => Promise.reject(new AppError(1502)),
    },
    handlers({ db, sessions, now }),
  );

  const spaFallback = await registerWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const html = spaFallback(request.url.split('?')[0] ?? '/', request.method);
    if (html !== undefined) return reply.code(200).type('text/html').header('cache-control', 'no-cache').send(html);
    return reply
      .code(404)
      .send({ status: 404, msg: `No such call: ${request.method} ${request.url.split('?')[0]}`, data: null });
  });
  return app;
}
