import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { RPCServer, type RPCClient } from 'ocpp-rpc';
import { ocppProtocols, type Ocpp16CentralSystemAction, type OcppProtocol } from '@plugboard/ocpp';
import type { ChargerIdentity, ChargerService } from '../modules/chargers/chargers.service.ts';
import type { SessionService } from '../modules/sessions/sessions.service.ts';
import type { NodeService } from '../modules/nodes/nodes.service.ts';
import { connectionRegistry, type ConnectionRegistry, type OcppConnection } from './connection-registry.ts';
import { handshakeGate, ocppEndpoint } from './handshake.ts';
import { sweepOnce } from './offline-sweep.ts';
import { attachV16Handlers } from './v16/attach-v16.ts';
import { speakOcpp16Errors } from './v16/call-errors.ts';
import { ocpp16Validator } from './v16/strict-validator.ts';
import { captureMessages } from './message-capture.ts';
import type { OcppLogWriter } from '../modules/ocpp-log/ocpp-log.service.ts';
import type { CertificateSigningService } from '../modules/certificates/certificate-signing.service.ts';

export type OcppOptions = {
  chargers: ChargerService;
  sessions: SessionService;
  /** This node among those sharing the database: its heartbeat, and commands routed to and from the others. */
  nodes: NodeService;
  /** Seconds, told to chargers in the BootNotification answer. */
  heartbeatInterval: number;
  /** Seconds between pings to an idle charger, and between sweeps. */
  pingInterval: number;
  trustProxy: boolean | string[];
  now: () => Date;
  /** An ongoing session of a charger offline this long is closed (docs/ocpp.md). Default 24 h. */
  stuckSessionAfterMs?: number;
  /** The message log and connection history (modules/ocpp-log), written behind: nothing here waits for it. */
  ocppLog?: OcppLogWriter;
  /** Vendor ids whose DataTransfer is Accepted (OCPP_DATA_TRANSFER_VENDORS). */
  dataTransferVendors?: readonly string[];
  /** SignCertificate: CSRs signed with the CA configured (CHARGER_CA_CERT / CHARGER_CA_KEY), or Rejected. */
  certificateSigning?: Pick<CertificateSigningService, 'signRequest'>;
  /** Stores a LogStatusNotification with its GetLog (modules/diagnostics). */
  logStatus?: (chargerId: number, status: string, requestId?: number) => Promise<void>;
};

/**
 * What a charger may send: OCPP messages are small (the largest, a MeterValues of many samples, a few KB), so a
 * frame over 256 KB closes the socket with 1009 at its header, before its body is read.
 */
export const ocppLimits = { maxFrameBytes: 256 * 1024 } as const;

/** What the rest of the server (the console's charger calls, tests) reaches of the central system. */
export type CentralSystem = { registry: ConnectionRegistry };

declare module 'fastify' {
  interface FastifyInstance {
    ocpp: CentralSystem;
  }
}

type ConnectionSession = {
  charger: ChargerIdentity;
  protocol: OcppProtocol;
  connectionId: string;
  remoteAddress: string | undefined;
};

const replacedClose = { code: 4000, reason: 'Replaced by a newer connection' };

/**
 * The OCPP-J central system on the server's own port: WebSocket upgrades to /ocpp/{productCode} go to an ocpp-rpc
 * server in strict mode (every CALL and CALLRESULT validated against the official schemas, both ways).
 */
export async function registerOcpp(app: FastifyInstance, options: OcppOptions): Promise<CentralSystem> {
  const { chargers, sessions, nodes, now } = options;
  const dataTransferVendors = new Set(options.dataTransferVendors ?? []);
  const pingIntervalMs = Math.max(1, Math.round(options.pingInterval * 1000));
  const log = app.log.child({ module: 'ocpp' });
  const registry = connectionRegistry({
    holderOf: async (productCode) => {
      const holder = await chargers.holderOf(productCode);
      return holder && holder !== nodes.nodeId && (await nodes.isAlive(holder)) ? holder : undefined;
    },
    call: nodes.call,
  });
  const limiter = chargers.pinGuesses;
  const gate = handshakeGate({ chargers, limiter, trustProxy: options.trustProxy });

  // Writes started by socket events; closing waits for them so the database is not shut under them.
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>, what: string) => {
    const settled = work.catch((error: unknown) => log.error({ err: error }, `${what} failed`));
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
  };

  const rpc = new RPCServer({
    protocols: [...ocppProtocols],
    strictMode: true,
    // The official schemas, and what they leave open: depth, 32-bit integers, values a column holds.
    strictModeValidators: [ocpp16Validator],
    // ws refuses a frame over the cap at its header (close 1009) instead of buffering it.
    wssOptions: { maxPayload: ocppLimits.maxFrameBytes },
    pingIntervalMs,
    // Any message from the charger counts as a sign of life: pings go only to idle sockets, and one unanswered
    // ping more terminates the socket, so a charger silent for 2 intervals is dropped and marked offline.
    deferPingsOnActivity: true,
    respondWithDetailedErrors: false,
  });

  rpc.auth((accept, reject, handshake) => {
    gate(handshake).then(
      (decision) => {
        if (!decision.accept) {
          // The connection history shows an installer why a charger cannot connect (a wrong PIN, the limits).
          if (decision.status !== 404)
            options.ocppLog?.connection({
              productCode: handshake.identity,
              at: now(),
              event: 'refused',
              httpStatus: decision.status,
              remoteAddress: decision.address,
              nodeId: nodes.nodeId,
            });
          return reject(decision.status, decision.message);
        }
        const session: ConnectionSession = {
          charger: decision.charger,
          protocol: decision.protocol,
          connectionId: randomUUID(),
          // The client's, as the failure limiter counted it (X-Forwarded-For only behind a trusted proxy).
          remoteAddress: decision.address,
        };
        accept(session, decision.protocol);
      },
      (error: unknown) => {
        log.error({ err: error, identity: handshake.identity }, 'OCPP handshake failed');
        reject(500, 'Internal error');
      },
    );
  });

  rpc.on(
    'upgradeAborted',
    ({ error, identity }: { error: { code?: number } | undefined; identity: string }) =>
      log.info({ identity, status: error?.code }, 'OCPP handshake refused'),
  );

  const open = new Set<RPCClient>();

  rpc.on('client', (client: RPCClient & { session: ConnectionSession }) => {
    const { charger, protocol, connectionId, remoteAddress } = client.session;
    open.add(client);
    const ocppLog = options.ocppLog;
    // Before any frame is read: the BootNotification may already be waiting.
    if (ocppLog) captureMessages(client, { chargerId: charger.chargerId, writer: ocppLog, now });
    ocppLog?.connection({
      productCode: charger.productCode,
      at: now(),
      event: 'connected',
      remoteAddress,
      nodeId: nodes.nodeId,
    });
    const connection: OcppConnection = { client, charger, protocol, connectionId };
    const clientLog = log.child({ productCode: charger.productCode });
    client.on('strictValidationFailure', (event: { method: string; outbound: boolean; error: Error }) =>
      clientLog.warn(
        { method: event.method, outbound: event.outbound, err: event.error },
        'invalid OCPP message',
      ),
    );
    client.on('badMessage', (event: { error: Error }) =>
      clientLog.warn({ err: event.error }, 'malformed OCPP message'),
    );
    const replaced = registry.add(connection);
    // The newest authenticated socket wins. The old one is closed only once the new one owns the charger's row, so
    // that the old socket's close cannot mark the charger offline; this socket's own close waits for that write too.
    // An old socket on another node is closed by that node, told once the row is this node's.
    const owned = chargers.markConnected(charger.chargerId, { nodeId: nodes.nodeId, connectionId });
    track(
      owned.then(
        async (elsewhere) => {
          await replaced?.client.close(replacedClose);
          if (elsewhere)
            await nodes.tellReplaced(elsewhere.nodeId, charger.productCode, elsewhere.connectionId);
        },
        // Without its row the charger would look offline while connected: let it reconnect and try again.
        (error: unknown) => {
          void client.close({ code: 1011, reason: 'Internal error' });
          throw error;
        },
      ),
      'marking a charger connected',
    );
    speakOcpp16Errors(client);
    attachV16Handlers(client, owned, {
      charger,
      chargers,
      sessions,
      heartbeatInterval: options.heartbeatInterval,
      ...(ocppLog && { securityEvents: ocppLog.securityEvent }),
      ...(options.certificateSigning && { certificateSigning: options.certificateSigning }),
      ...(options.logStatus && { logStatus: options.logStatus }),
      dataTransferVendors,
      now,
      log: clientLog,
      command: (action, payload) => registry.send(charger.productCode, action, payload),
    });
    client.once('close', ({ code, reason }: { code?: number; reason?: Buffer | string }) => {
      ocppLog?.connection({
        productCode: charger.productCode,
        at: now(),
        event: 'disconnected',
        closeCode: code,
        reason: reason?.toString() || undefined,
        remoteAddress,
        nodeId: nodes.nodeId,
      });
      open.delete(client);
      registry.remove(connection);
      const offline = owned
        .catch(() => undefined) // already logged above
        .then(() => chargers.markDisconnected(charger.chargerId, connectionId));
      track(offline, 'marking a charger offline');
      clientLog.info('charger disconnected');
    });
    clientLog.info({ protocol, replaced: Boolean(replaced) }, 'charger connected');
  });

  app.server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path.startsWith(`${ocppEndpoint}/`)) {
      void rpc.handleUpgrade(request, socket as never, head);
    } else if (app.server.listenerCount('upgrade') === 1) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  });

  // Sockets this node held in a previous run under the same id are gone. Then the other nodes may reach this one.
  await chargers.markOfflineOnNodes([nodes.nodeId]);
  await nodes.start({
    call: (productCode, action, payload, timeoutMs) =>
      registry.sendLocal(productCode, action as Ocpp16CentralSystemAction, payload as never, { timeoutMs }),
    // Closed only if this node still holds that very socket: a newer one of the same charger has another id.
    replaced: (productCode, connectionId) => {
      const connection = registry.get(productCode);
      if (connection?.connectionId === connectionId) void connection.client.close(replacedClose);
    },
  });

  let sweeping = false; // a slow database must not stack sweeps
  let passes = 0; // every other pass (every ping interval) is a full one
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    passes += 1;
    track(
      sweepOnce({
        chargers,
        sessions,
        nodes,
        registry,
        limiter,
        pingIntervalMs,
        full: passes % 2 === 0,
        stuckSessionAfterMs: options.stuckSessionAfterMs ?? 24 * 3600_000,
        now,
        log,
      }).finally(() => {
        sweeping = false;
      }),
      'the OCPP sweep',
    );
  }, pingIntervalMs / 2);
  sweep.unref();

  // preClose: open WebSockets would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    const closed = [...open].map((client) => once(client, 'close'));
    await rpc.close({ code: 1001, reason: 'Server shutting down', force: true });
    await Promise.all(closed);
    while (pending.size > 0) await Promise.allSettled([...pending]);
    await nodes.close();
  });

  const central: CentralSystem = { registry };
  app.decorate('ocpp', central);
  return central;
}
