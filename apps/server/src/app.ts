import { chargerHolds } from './modules/chargers/charger-holds.service.ts';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { codes, consoleVersion } from '@plugboard/contract';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerCalls } from './lib/calls.ts';
import { lazyRequestLogger } from './lib/request-logger.ts';
import { createMailer } from './lib/mailer.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerWeb } from './plugins/web.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { httpsOptions, registerHsts } from './plugins/tls.ts';
import { authService } from './modules/auth/auth.service.ts';
import { handlers } from './modules/handlers.ts';
import { sitesService } from './modules/sites/sites.service.ts';
import { eventsService } from './modules/events/events.service.ts';
import { onRevocation } from './modules/events/revocations.ts';
import { chargerService } from './modules/chargers/chargers.service.ts';
import { sessionService } from './modules/sessions/sessions.service.ts';
import { registerOcpp } from './ocpp/ocpp-server.ts';
import { ocppLogService } from './modules/ocpp-log/ocpp-log.service.ts';
import { chargerLink, closeDeletedChargers } from './modules/chargers/charger-link.ts';
import { nodeService } from './modules/nodes/nodes.service.ts';
import { chargerViewService } from './modules/chargers/charger-view.service.ts';
import { firmwareService } from './modules/chargers/firmware.service.ts';
import { liveHub } from './modules/live/live-hub.ts';
import { chargingReportService, sendReportsOnStop } from './modules/cards/charging-report.service.ts';
import { registerLiveSocket } from './modules/live/live-socket.ts';
import { registerSessionsExport } from './modules/sessions/sessions-export.routes.ts';
import { sessionsExportService } from './modules/sessions/sessions-export.service.ts';
import { StartupError } from './lib/startup-error.ts';
import { registerInvoiceFiles } from './modules/invoices/invoice-files.routes.ts';
import { invoicesModule } from './modules/invoices/invoices.module.ts';
import { displayLinksService } from './modules/display/display-links.service.ts';
import { toDisplayMessage } from './modules/display/display-tiles.ts';
import { allocateOnEvents } from './modules/load/load-listener.ts';
import { localListService } from './modules/local-list/local-list.service.ts';
import { syncLocalListsOnEvents } from './modules/local-list/local-list-listener.ts';
import { reservationsService } from './modules/reservations/reservations.service.ts';
import { diagnosticsService } from './modules/diagnostics/diagnostics.service.ts';
import { registerDiagnosticsFiles } from './modules/diagnostics/diagnostics.routes.ts';
import { loadService } from './modules/load/load.service.ts';
import { loadChargerCa } from './modules/certificates/charger-ca.ts';
import { certificateSigningService } from './modules/certificates/certificate-signing.service.ts';

export type AppOptions = {
  config: Pick<Config, 'logLevel' | 'webDist'> & Partial<Config>;
  db: Db;
  /**
   * The central system's own pool (OCPP_DB_POOL_SIZE): chargers' messages never wait behind the console's reads for
   * a connection. The console's pool (`db`) when not given.
   */
  ocppDb?: Db | undefined;
  now?: () => Date;
  /** Where the log goes (tests read it); stdout by default. */
  logStream?: DestinationStream | undefined;
};

/** Builds the whole server (console API, console files, OCPP endpoint) without listening: tests inject into it. */
export async function buildApp({
  config,
  db,
  ocppDb = db,
  now = () => new Date(),
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  // TLS_CERT / TLS_KEY: https and wss on this same port (OCPP security profiles 2 and 3), nothing in plain text.
  const https = config.tls ? await httpsOptions(config.tls) : undefined;
  // Tests build apps without a NODE_ID: each is a node of its own.
  const nodeId = config.nodeId ?? `${hostname()}:${randomUUID()}`;
  const app = Fastify({
    ...(https && { https }),
    logger: {
      level: config.logLevel,
      // Nodes on one machine share a hostname: each JSON line names its node. Not on a terminal (pretty), which
      // shows one node, and where pino-pretty would print the id under every line.
      base: { pid: process.pid, hostname: hostname(), ...(config.logFormat !== 'pretty' && { nodeId }) },
      // Tokens and signatures never reach the log; bodies are not logged at all.
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-token"]', 'req.headers.cookie'],
        censor: '[redacted]',
      },
      ...(logStream ? { stream: logStream } : {}),
    },
    // The request's child logger made only when it logs (lib/request-logger.ts).
    childLoggerFactory: lazyRequestLogger,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID(),
    bodyLimit: 4 * 1024 * 1024,
    // Behind a proxy, request.ip (the per-client limits) comes from X-Forwarded-For only if it is trusted.
    trustProxy: config.trustProxy ?? false,
    // An https server is the same to every route and hook; only its type differs.
  }) as unknown as FastifyInstance;
  if (https) registerHsts(app);
  registerSecurityHeaders(app);
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

  // Before anything that runs timers or holds sockets: a bad file stops the start here.
  if (config.firmwareCatalog) {
    const file = config.firmwareCatalog;
    const count = await firmwareService({ db, now })
      .loadSharedCatalogue(file)
      .catch((error: unknown) => {
        throw new StartupError(`FIRMWARE_CATALOG: ${(error as Error).message}`);
      });
    app.log.info({ file, count }, 'firmware catalogue loaded');
  }

  const auth = authService(db, now);
  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom ?? 'Plugboard <no-reply@plugboard.local>',
    log: app.log,
    now,
  });
  // Closed last (the hooks run in reverse): the reports drained first may still be sending.
  app.addHook('onClose', () => mailer.close());
  // Mails to retry that are due (a failed send, a node that died before sending), on every node.
  mailer.startRetries();

  // Listening before anything writes an event: what commits from here on, on any node, reaches this one.
  const events = eventsService({ db, now, log: app.log });
  await events.start();
  app.addHook('onClose', () => events.close());
  app.decorate('events', events);
  // What chargers' messages run through (the handshake, boot, statuses, transactions, readings) uses the central
  // system's pool; the console's calls through these two services (add a charger, start, stop) do too.
  const chargers = chargerService({ db: ocppDb, events, now });
  const sessions = sessionService({ db: ocppDb, events, now });
  // A subscribed card's charging report, once its session is stopped; closing waits for the mails under way.
  const reports = sendReportsOnStop({
    events,
    reports: chargingReportService({ db, mailer, events, now }),
    log: app.log,
  });
  app.addHook('onClose', () => reports.drain());
  const chargerView = chargerViewService(db);
  // Written behind the central system; flushed once its sockets are closed (onClose runs after preClose).
  const ocppLog = ocppLogService({
    // The chargers' traffic (written behind, and their security events): the central system's pool.
    db: ocppDb,
    now,
    log: app.log.child({ module: 'ocpp-log' }),
    enabled: config.ocppLog ?? true,
    retentionDays: config.ocppLogDays ?? 7,
    chargerOf: chargerView.detail,
  });
  ocppLog.start();
  app.addHook('onClose', () => ocppLog.close());
  app.decorate('ocppLog', ocppLog);
  // CHARGER_CA_CERT / CHARGER_CA_KEY: the CA that signs chargers' CSRs (SignCertificate); a bad file stops the start.
  const chargerCa = config.chargerCa
    ? await loadChargerCa(config.chargerCa).catch((error: unknown) => {
        throw new StartupError(`CHARGER_CA_CERT / CHARGER_CA_KEY: ${(error as Error).message}`);
      })
    : undefined;
  // The OCPP-J central system on this same port: ws(s)://host/ocpp/{productCode}.
  const pingInterval = config.ocppPingInterval ?? 60;
  const central = await registerOcpp(app, {
    chargers,
    sessions,
    nodes: nodeService({
      db: ocppDb,
      nodeId,
      pingIntervalMs: Math.max(1, Math.round(pingInterval * 1000)),
      log: app.log.child({ module: 'nodes' }),
    }),
    heartbeatInterval: config.ocppHeartbeatInterval ?? 60,
    pingInterval,
    trustProxy: config.trustProxy ?? false,
    now,
    ocppLog: ocppLog.writer,
    dataTransferVendors: config.dataTransferVendors ?? [],
    certificateSigning: certificateSigningService({
      db,
      now,
      ca: chargerCa,
      log: app.log.child({ module: 'certificates' }),
    }),
    // The diagnostics service needs the central system's registry, so it is built below; a charger's message
    // arrives only once the app listens, by which time it exists.
    logStatus: (chargerId, status, requestId) => diagnostics.logStatus(chargerId, status, requestId),
  });

  // A charger deleted through any node: the node holding its socket closes it.
  const stopClosingDeleted = closeDeletedChargers(events, central.registry);
  app.addHook('onClose', () => stopClosingDeleted());

  // The sites' cards kept on their chargers (OCPP local authorization list): each node updates the chargers it holds.
  const localList = localListService({
    db,
    now,
    events,
    link: chargerLink(central.registry),
    chargerView,
    log: app.log.child({ module: 'local-list' }),
  });
  const stopLocalLists = syncLocalListsOnEvents(
    events,
    localList,
    {
      get: (productCode) => {
        const c = central.registry.get(productCode);
        return c && { ...c.charger, connectionId: c.connectionId };
      },
      has: (chargerId) => central.registry.holds(chargerId),
      all: () => central.registry.connections().map((c) => c.charger),
    },
    app.log,
  );
  app.addHook('onClose', () => stopLocalLists());
  // A card's start on a reserved connector ends its reservation (every node hears it; the update is idempotent).
  const reservations = reservationsService({ db, now, link: chargerLink(central.registry), chargerView });
  const stopReservations = events.subscribe('session.started', (e) => {
    reservations.used(e).catch((error: unknown) => app.log.error({ err: error }, 'reservation not ended'));
  });
  app.addHook('onClose', () => stopReservations());

  // GetDiagnostics uploads come back to this server (PUBLIC_URL, else this port on localhost).
  const diagnostics = diagnosticsService({
    db,
    now,
    link: chargerLink(central.registry),
    chargerView,
    chargers,
    baseUrl: (
      config.publicUrl ?? `${config.tls ? 'https' : 'http'}://localhost:${config.port ?? 8080}`
    ).replace(/\/$/, ''),
  });

  const assertSiteOwner = sitesService(db).assertOwner;
  registerCalls(
    app,
    { auth, now, assertSiteOwner },
    handlers({
      db,
      auth,
      now,
      mailer,
      codeSendsPerClientPerHour: config.codeSendsPerClientPerHour,
      events,
      chargers,
      sessions,
      chargerView,
      chargerLink: chargerLink(central.registry),
      chargerWaitMs: (config.chargerWaitTimeout ?? 30) * 1000,
      ocppLog,
      localList,
      diagnostics,
      chargerCa,
    }),
  );
  await registerDiagnosticsFiles(app, { auth, now, assertSiteOwner }, diagnostics);
  // Load management: every node allocates a site again on its chargers' events (the site is locked meanwhile).
  const stopLoad = allocateOnEvents(
    events,
    loadService({
      db,
      chargerView,
      link: chargerLink(central.registry),
      now,
      log: app.log,
      holds: chargerHolds({ db, events, now }),
    }),
    app.log,
  );
  app.addHook('onClose', () => stopLoad());
  // The one call that answers a file (streamed), checked like the calls above.
  registerSessionsExport(app, { auth, now, assertSiteOwner }, sessionsExportService({ db, now }));
  // An invoice's PDF and XML: files too, checked the same way.
  registerInvoiceFiles(app, { auth, now, assertSiteOwner }, invoicesModule({ db, now, mailer }).sender);
  // The console's live events on this same port too: ws(s)://host/cms-system/live.
  registerLiveSocket(app, {
    hub: liveHub({ events, findCharger: chargerView.find, log: app.log }),
    resolveSession: (token) => auth.resolve(token),
    assertSiteOwner,
    // A display link's hello (its token has the display prefix) opens its one site's display messages.
    resolveDisplay: displayLinksService({ db, now }).resolve,
    toDisplayMessage,
    now,
    onRevocation: (handler) => onRevocation(db, handler),
  });

  const spaFallback = await registerWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const page = spaFallback(request.url.split('?')[0] ?? '/', request.method);
    if (page !== undefined)
      return reply.code(page.status).type('text/html').header('cache-control', 'no-cache').send(page.html);
    return reply.code(404).send({
      status: codes.notFound,
      msg: `No such call: ${request.method} ${request.url.split('?')[0]}`,
      data: null,
    });
  });
  return app;
}
