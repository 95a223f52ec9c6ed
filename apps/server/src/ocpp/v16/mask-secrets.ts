import { diagnosticsUploadPath } from '@plugboard/contract';

/**
 * Masks what must not be kept in the message log: secret configuration values (AuthorizationKey, which the OCPP 1.6
 * security whitepaper makes the charger's password, and any key that names a password, secret or token) and the
 * secret parts of a URL sent to the charger (UpdateFirmware, SignedUpdateFirmware, GetDiagnostics, GetLog
 * locations, see maskUrl). The payload is copied only when something is masked.
 */
export function maskSecrets(action: string | null, kind: 'call' | 'result', payload: unknown): unknown {
  if (!isRecord(payload)) return payload;
  if (kind === 'call') {
    if (action === 'ChangeConfiguration' && typeof payload.key === 'string' && isSecretKey(payload.key))
      return { ...payload, value: masked };
    if (typeof payload.location === 'string' && maskUrl(payload.location) !== payload.location)
      return { ...payload, location: maskUrl(payload.location) };
    if (isRecord(payload.log) && typeof payload.log.remoteLocation === 'string')
      return {
        ...payload,
        log: { ...payload.log, remoteLocation: maskUrl(payload.log.remoteLocation) },
      };
    if (isRecord(payload.firmware) && typeof payload.firmware.location === 'string')
      return {
        ...payload,
        firmware: { ...payload.firmware, location: maskUrl(payload.firmware.location) },
      };
  }
  if (kind === 'result' && action === 'GetConfiguration' && Array.isArray(payload.configurationKey)) {
    return {
      ...payload,
      configurationKey: payload.configurationKey.map((entry: unknown) =>
        isRecord(entry) && typeof entry.key === 'string' && isSecretKey(entry.key) && 'value' in entry
          ? { ...entry, value: masked }
          : entry,
      ),
    };
  }
  return payload;
}

export const masked = '********';

const secretKey = /authorizationkey|password|passwd|secret|token|passphrase|psk|apikey|privatekey/i;
export const isSecretKey = (key: string) => secretKey.test(key);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const userInfo = /^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i;
/** The one-time token of this server's own upload URL (modules/diagnostics): the path segment after its path. */
const uploadToken = new RegExp(`(${diagnosticsUploadPath}/)[^/?#]+`);
/** Query parameters of a pre-signed URL (S3, GCS, Azure SAS) and any that names a token, key or password. */
const secretParameter = /sig|signature|token|secret|password|passwd|credential|key|auth|code/i;

/**
 * A URL an installer can still read (scheme, host, path: where the charger was told to upload or download), its
 * secrets masked: the user:password, the token of our upload URL, and the values of secret query parameters.
 */
export function maskUrl(url: string): string {
  const [beforeQuery = '', ...rest] = url.split('?');
  const query = rest.join('?');
  const head = beforeQuery.replace(userInfo, `$1${masked}@`).replace(uploadToken, `$1${masked}`);
  if (!query) return rest.length > 0 ? `${head}?` : head;
  const [parameters = '', ...fragment] = query.split('#');
  const maskedParameters = parameters
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at === -1 ? pair : pair.slice(0, at);
      return at !== -1 && secretParameter.test(decodeName(name)) ? `${name}=${masked}` : pair;
    })
    .join('&');
  return [`${head}?${maskedParameters}`, ...fragment].join('#');
}

const decodeName = (name: string) => {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};
