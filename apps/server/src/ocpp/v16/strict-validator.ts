import { createRequire } from 'node:module';
import { createRPCError, createValidator } from 'ocpp-rpc';

// The official OCPP 1.6 JSON schemas, as ocpp-rpc ships them (the same its standard strict mode validates with).
const schemas = createRequire(import.meta.url)('ocpp-rpc/lib/schemas/ocpp1_6.json') as object[];

/**
 * What the schemas leave open and a column cannot hold. OCPP 1.6 (section 2, data types) makes an integer 32 bits,
 * which the schemas do not say: a number beyond it is a TypeConstraintViolation. JSON nested deeper than any 1.6
 * message (a MeterValues is 5 levels) is a FormationViolation, answered before anything walks or prints it.
 */
export const payloadLimits = {
  maxDepth: 32,
  maxInt: 2 ** 31 - 1,
  /** Wh: energy registers are stored as bigint, read as JavaScript numbers. */
  maxEnergyWh: Number.MAX_SAFE_INTEGER,
  /** W: power is stored as a 32-bit integer. */
  maxPowerW: 2 ** 31 - 1,
  /** Any other sampled value (current, voltage, SoC...). */
  maxOtherValue: 1e12,
} as const;

type RpcErrorCode = 'FormationViolation' | 'TypeConstraintViolation' | 'PropertyConstraintViolation';
const refuse = (code: RpcErrorCode, message: string): never => {
  // ocpp-rpc names FormationViolation FormatViolation and renames it back for 1.6 (errata section 5).
  throw createRPCError(code === 'FormationViolation' ? 'FormatViolation' : code, message, {}) as Error;
};

/** Walks a payload without recursion: a frame nested thousands deep must not overflow the stack here either. */
function checkShape(params: unknown): void {
  const stack: [unknown, string, number][] = [[params, '', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    if (depth > payloadLimits.maxDepth)
      refuse('FormationViolation', `Nested deeper than ${payloadLimits.maxDepth}`);
    if (typeof value === 'number' && !(Math.abs(value) <= payloadLimits.maxInt)) {
      refuse('TypeConstraintViolation', `${path || 'payload'}: not a 32-bit integer`);
    }
    if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
}

type Sampled = { value?: unknown; format?: unknown; measurand?: unknown; unit?: unknown };

function checkSampledValues(meterValues: unknown, field: string): void {
  if (!Array.isArray(meterValues)) return;
  meterValues.forEach((mv: { sampledValue?: Sampled[] }, i) =>
    (mv.sampledValue ?? []).forEach((sv, j) => {
      if (sv.format === 'SignedData' || typeof sv.value !== 'string') return;
      const value = Number.parseFloat(sv.value);
      if (!Number.isFinite(value)) {
        if (/^\s*[-+]?(\d|\.\d)/.test(sv.value))
          refuse('PropertyConstraintViolation', `${field}[${i}].sampledValue[${j}].value: out of range`);
        return; // not a number at all: dropped with the sample, as before
      }
      const measurand = typeof sv.measurand === 'string' ? sv.measurand : 'Energy.Active.Import.Register';
      const scale = typeof sv.unit === 'string' && sv.unit.startsWith('k') ? 1000 : 1;
      const max = measurand.startsWith('Energy')
        ? payloadLimits.maxEnergyWh
        : measurand.startsWith('Power')
          ? payloadLimits.maxPowerW
          : payloadLimits.maxOtherValue;
      if (Math.abs(value * scale) > max) {
        refuse('PropertyConstraintViolation', `${field}[${i}].sampledValue[${j}].value: out of range`);
      }
    }),
  );
}

/** The checks of particular messages from a charger, on values the schemas allow. */
function checkValues(action: string, params: Record<string, unknown>): void {
  // OCPP 1.6 section 6.45: StartTransaction's connectorId is > 0 (connector 0 is the charger itself).
  if (action === 'StartTransaction' && typeof params.connectorId === 'number' && params.connectorId <= 0) {
    refuse('PropertyConstraintViolation', 'connectorId: must be greater than 0');
  }
  if (
    (action === 'StatusNotification' || action === 'MeterValues') &&
    typeof params.connectorId === 'number'
  ) {
    if (params.connectorId < 0) refuse('PropertyConstraintViolation', 'connectorId: must be 0 or more');
  }
  if (action === 'MeterValues') checkSampledValues(params.meterValue, 'meterValue');
  if (action === 'StopTransaction') checkSampledValues(params.transactionData, 'transactionData');
}

/**
 * ocpp-rpc's strict validator for OCPP 1.6 (both ways: calls and answers), with what the schemas leave open: depth,
 * 32-bit integers, values a column holds. A schema failure's details no longer carry the payload itself (ocpp-rpc
 * puts it there, and a deep one cannot even be printed).
 */
export const ocpp16Validator = createValidator('ocpp1.6', schemas);
const validateSchema = ocpp16Validator.validate.bind(ocpp16Validator);

type Check = (params: unknown) => boolean;
/** ocpp-rpc's Ajv (a private field: without it, every message takes the library's own path). */
const ajv = (ocpp16Validator as unknown as { _ajv?: { getSchema: (id: string) => Check | undefined } })._ajv;
/**
 * Each schema's compiled check and what its id names, looked up once: the library asks Ajv for the schema by id on
 * every message (about 3 % of a node's CPU under bench:ocpp, session 9). A payload the check refuses, or an id
 * without a schema, goes through the library's validate, which makes its error.
 */
const checks = new Map<string, { check: Check | undefined; action: string; request: boolean }>();
function checkOf(schemaId: string) {
  let found = checks.get(schemaId);
  if (!found) {
    const [, action = '', direction] = /^urn:(\w+)\.(req|conf)$/.exec(schemaId) ?? [];
    found = { check: ajv?.getSchema(schemaId), action, request: direction === 'req' };
    // Only the schemas' own ids: a charger's made-up action must not grow the map.
    if (found.check) checks.set(schemaId, found);
  }
  return found;
}

ocpp16Validator.validate = (schemaId: string, params: unknown): boolean => {
  checkShape(params);
  const { check, action, request } = checkOf(schemaId);
  try {
    // Synchronous: the 1.6 schemas have no $async.
    if (!check?.(params)) void validateSchema(schemaId, params);
  } catch (error) {
    const e = error as { rpcErrorCode?: string; message?: string; details?: { errors?: unknown } };
    throw createRPCError(e.rpcErrorCode ?? 'FormatViolation', e.message ?? '', {
      errors: e.details?.errors,
    }) as Error;
  }
  if (request && typeof params === 'object' && params !== null) {
    checkValues(action, params as Record<string, unknown>);
  }
  return true;
};
