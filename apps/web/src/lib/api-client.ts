import {
  consoleRequestHeaders,
  loadManagementActiveCode,
  loginRedirectCodes,
  networkErrorCodes,
  SUCCESS,
} from '@plugboard/contract';
// Types only: the call map's schemas stay out of the console bundle.
import type { CallAccess, CallBody, CallData, CallPath } from '@plugboard/contract';
import { confirm } from './confirm';
import { failureMessage } from './failure-message';
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

type WithOptionalStationId<B> = B extends { stationId?: unknown }
  ? Omit<B, 'stationId'> & Partial<Pick<B, 'stationId'>>
  : B;

/**
 * The body the console passes for call `P`: the contract's body (zod input, so fields with a default may be left
 * out), with `stationId` optional on site calls because the client adds the selected site's.
 */
export type ApiBody<P extends CallPath> =
  CallAccess<P> extends 'site' ? WithOptionalStationId<CallBody<P>> : CallBody<P>;

/** A call whose body has no required field (an empty object would do) may be made without one. */
type ApiPostArgs<P extends CallPath> =
  Record<never, never> extends ApiBody<P>
    ? [body?: ApiBody<P>, options?: ApiPostOptions]
    : [body: ApiBody<P>, options?: ApiPostOptions];

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
  notify({ message: failureMessage(code, msg), severity: 'warning' });
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

/**
 * POSTs JSON to a console call and resolves with the envelope's `data`, both typed by the contract's call map.
 * No timeout, by design (spec section 7).
 */
export async function apiPost<P extends CallPath>(path: P, ...args: ApiPostArgs<P>): Promise<CallData<P>> {
  const [body, options = {}] = args;
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
  // The server checks its answers against the same schema (response validation), so the cast is the contract's.
  return envelope.data as CallData<P>;
}
