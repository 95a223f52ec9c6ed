import {
  consoleRequestHeaders,
  loadManagementActiveCode,
  loginRedirectCodes,
  networkErrorCodes,
  SUCCESS,
} from '@plugboard/contract';
import { confirm } from './confirm';
import { i18n, translateErrorCode } from './i18n';
import { navigateTo } from './navigation';
import { notify } from './notify';
import { clearToken, getStationId, getToken } from './storage';

/** A call that did not answer status 200. `code` is the body status, the HTTP status, or 0 when nothing came back. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly msg: string;

  constructor(code: number, msg: string) {
    super(msg || `Request failed with status ${code}`);
    this.code = code;
    this.msg = msg;
  }
}

export type ApiPostOptions = {
  /** Calls that spec section 7 marks as not requiring a site carry no stationId. */
  noSite?: boolean;
};

type Payload = Record<string, unknown>;

function storedStationId(): number | string | null {
  const stored = getStationId();
  if (stored === null) return null;
  const numeric = Number(stored);
  return Number.isSafeInteger(numeric) ? numeric : stored;
}

function withStationId(body: Payload | undefined, noSite: boolean): Payload {
  const payload = { ...body };
  if (noSite || payload.stationId !== undefined) return payload;
  const stationId = storedStationId();
  return stationId === null ? payload : { ...payload, stationId };
}

export function buildHeaders(path: string): Record<string, string> {
  return { 'content-type': 'application/json', ...consoleRequestHeaders(path, getToken() ?? '') };
}

/** The `code` of an ApiError when no usable answer came back (fetch failed, or the body was not an envelope). */
export const networkFailure = 0;

/** Spec section 8: what the user sees for a failed call. Runs once per failure, then the promise rejects. */
export function handleFailure(code: number, msg: string): void {
  if (loginRedirectCodes.includes(code)) {
    clearToken();
    notify({ message: translateErrorCode(code) ?? (msg || i18n.t('errors.401')), severity: 'warning' });
    navigateTo('/login', { replace: true });
    return;
  }
  if (code === networkFailure || networkErrorCodes.includes(code)) {
    notify({ message: i18n.t('errors.500'), severity: 'error' });
    return;
  }
  if (code === loadManagementActiveCode) {
    void confirm({ title: i18n.t('confirm.reminder'), content: i18n.t('errors.1506'), showCancel: false });
    return;
  }
  notify({ message: translateErrorCode(code) ?? (msg || i18n.t('errors.generic')), severity: 'warning' });
}

type Envelope = { status: number; msg: string; data: unknown };

function asEnvelope(value: unknown): Envelope | null {
  if (typeof value !== 'object' || value === null) return null;
  const { status, msg, data } = value as Record<string, unknown>;
  if (typeof status !== 'number') return null;
  return { status, msg: typeof msg === 'string' ? msg : '', data };
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    return asEnvelope(await response.json());
  } catch {
    return null;
  }
}

function fail(code: number, msg: string): never {
  handleFailure(code, msg);
  throw new ApiError(code, msg);
}

/** POSTs JSON to a console path and resolves with the envelope's `data`. No timeout, by design (spec section 7). */
export async function apiPost<T>(path: string, body?: Payload, options: ApiPostOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: buildHeaders(path),
      body: JSON.stringify(withStationId(body, options.noSite ?? false)),
    });
  } catch (error) {
    fail(networkFailure, error instanceof Error ? error.message : '');
  }

  if (response.status === 401 || networkErrorCodes.includes(response.status)) fail(response.status, '');
  const envelope = await readEnvelope(response);
  // e.g. a proxy's 502 page: there is no server code to show, so the user gets the network message.
  if (!envelope) fail(networkFailure, `HTTP ${response.status}`);
  if (envelope.status !== SUCCESS) fail(envelope.status, envelope.msg);
  return envelope.data as T;
}
