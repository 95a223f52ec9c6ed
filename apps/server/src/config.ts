import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

// The only place that reads process.env. Everything else receives a Config.
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  // Connections of this node to PostgreSQL: the console's calls, and the central system's own (chargers' messages
  // never wait behind console reads). Each node also holds two LISTEN connections (docs/configuration.md).
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  OCPP_DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Plugboard <no-reply@plugboard.local>'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // json: one object a line, for machines; pretty: readable lines for a person. Unset: pretty on a terminal.
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST: z.string().optional(),
  // Off by default: X-Forwarded-For would let any client pick the address its failed logins are counted under.
  // "true" trusts every proxy, anything else is a comma-separated list of proxy addresses or CIDRs.
  TRUST_PROXY: z.string().optional(),
  CODE_SENDS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // Seconds. Fractions are allowed so that tests can use short intervals; chargers are told whole seconds.
  OCPP_HEARTBEAT_INTERVAL: z.coerce.number().positive().max(86_400).default(60),
  OCPP_PING_INTERVAL: z.coerce.number().positive().max(86_400).default(60),
  // A JSON file [{model, version, url}]: the firmware offered to every account's chargers, read at start.
  FIRMWARE_CATALOG: z.string().optional(),
  // Seconds the console's start and stop wait for the charger's StartTransaction / StopTransaction.
  CHARGER_WAIT_TIMEOUT: z.coerce.number().positive().max(600).default(30),
  // The OCPP message log of every charger (docs/ocpp.md, Troubleshooting): on or off, and the days it is kept.
  OCPP_LOG: z.enum(['on', 'off']).default('on'),
  OCPP_LOG_DAYS: z.coerce.number().positive().max(366).default(7),
  // Vendor ids whose DataTransfer from a charger is Accepted (comma-separated); any other gets UnknownVendorId.
  OCPP_DATA_TRANSFER_VENDORS: z.string().optional(),
  // PEM files: with TLS_CERT and TLS_KEY the port speaks https and wss only (OCPP security profiles 2 and 3);
  // TLS_CLIENT_CA also asks chargers for a client certificate signed by it (profile 3).
  TLS_CERT: z.string().optional(),
  TLS_KEY: z.string().optional(),
  TLS_CLIENT_CA: z.string().optional(),
  // PEM files of the CA that signs chargers' certificates (OCPP SignCertificate); without them CSRs are Rejected.
  CHARGER_CA_CERT: z.string().optional(),
  CHARGER_CA_KEY: z.string().optional(),
  // This process among the nodes sharing DATABASE_URL; host name + ':' + PORT when unset.
  NODE_ID: z.string().trim().min(1).max(200).optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  /** DB_POOL_SIZE: connections for the console's calls (and events, mail, load management). */
  dbPoolSize: number;
  /** OCPP_DB_POOL_SIZE: connections for the central system (chargers' messages, nodes, the message log). */
  ocppDbPoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  logFormat: NonNullable<z.infer<typeof schema>['LOG_FORMAT']>;
  webDist: string;
  trustProxy: boolean | string[];
  codeSendsPerClientPerHour: number;
  /** The Heartbeat interval given to chargers in the BootNotification answer, in seconds. */
  ocppHeartbeatInterval: number;
  /** Seconds between WebSocket pings to an idle charger; two without an answer mark it offline. */
  ocppPingInterval: number;
  /** The server's firmware catalogue file, if any (docs/api.md, Chargers). */
  firmwareCatalog: string | undefined;
  /** Seconds the console's start and stop wait for the charger to report the transaction. */
  chargerWaitTimeout: number;
  /** OCPP_LOG: every charger's OCPP messages are logged (the connection history is kept either way). */
  ocppLog: boolean;
  /** OCPP_LOG_DAYS: the message log and connection history are kept this long. */
  ocppLogDays: number;
  /** OCPP_DATA_TRANSFER_VENDORS: vendor ids whose DataTransfer is Accepted (and kept in the message log). */
  dataTransferVendors: string[];
  /** Names this node in `nodes` and `chargers.node_id`; unique among the nodes sharing the database. */
  nodeId: string;
  /** TLS_CERT / TLS_KEY / TLS_CLIENT_CA as absolute paths; undefined serves plain http and ws. */
  tls: TlsFiles | undefined;
  /** CHARGER_CA_CERT / CHARGER_CA_KEY as absolute paths; undefined: chargers' CSRs are Rejected. */
  chargerCa: { cert: string; key: string } | undefined;
};

export type TlsFiles = { cert: string; key: string; clientCa: string | undefined };

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Config {
  // An empty variable (common in .env files and CI matrices) means unset.
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `Invalid configuration: ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dbPoolSize: e.DB_POOL_SIZE,
    ocppDbPoolSize: e.OCPP_DB_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    codeSendsPerClientPerHour: e.CODE_SENDS_PER_CLIENT_PER_HOUR,
    ocppHeartbeatInterval: e.OCPP_HEARTBEAT_INTERVAL,
    ocppPingInterval: e.OCPP_PING_INTERVAL,
    firmwareCatalog: e.FIRMWARE_CATALOG === undefined ? undefined : path.resolve(e.FIRMWARE_CATALOG),
    chargerWaitTimeout: e.CHARGER_WAIT_TIMEOUT,
    ocppLog: e.OCPP_LOG === 'on',
    ocppLogDays: e.OCPP_LOG_DAYS,
    dataTransferVendors: (e.OCPP_DATA_TRANSFER_VENDORS ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    nodeId: e.NODE_ID ?? `${os.hostname()}:${e.PORT}`,
    tls: tlsFiles(e.TLS_CERT, e.TLS_KEY, e.TLS_CLIENT_CA),
    chargerCa: chargerCaFiles(e.CHARGER_CA_CERT, e.CHARGER_CA_KEY),
  };
}

function chargerCaFiles(cert?: string, key?: string): Config['chargerCa'] {
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined)
    throw new ConfigError('Invalid configuration: set both CHARGER_CA_CERT and CHARGER_CA_KEY, or neither');
  return { cert: path.resolve(cert), key: path.resolve(key) };
}

function tlsFiles(cert?: string, key?: string, clientCa?: string): TlsFiles | undefined {
  if (cert === undefined && key === undefined) {
    if (clientCa !== undefined)
      throw new ConfigError('Invalid configuration: TLS_CLIENT_CA needs TLS_CERT and TLS_KEY');
    return undefined;
  }
  if (cert === undefined || key === undefined)
    throw new ConfigError('Invalid configuration: set both TLS_CERT and TLS_KEY, or neither');
  return {
    cert: path.resolve(cert),
    key: path.resolve(key),
    clientCa: clientCa === undefined ? undefined : path.resolve(clientCa),
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text.split(',').map((part) => part.trim());
}

export class ConfigError extends Error {}
