/**
 * Masks what must not be kept in the message log: secret configuration values (AuthorizationKey, which the OCPP 1.6
 * security whitepaper makes the charger's password, and any key that names a password, secret or token) and the
 * user:password of a URL (UpdateFirmware, GetDiagnostics, GetLog locations). The payload is copied only when
 * something is masked.
 */
export function maskSecrets(action: string | null, kind: 'call' | 'result', payload: unknown): unknown {
  if (!isRecord(payload)) return payload;
  if (kind === 'call') {
    if (action === 'ChangeConfiguration' && typeof payload.key === 'string' && isSecretKey(payload.key))
      return { ...payload, value: masked };
    if (typeof payload.location === 'string' && hasUserInfo(payload.location))
      return { ...payload, location: maskUserInfo(payload.location) };
    if (isRecord(payload.log) && typeof payload.log.remoteLocation === 'string')
      return {
        ...payload,
        log: { ...payload.log, remoteLocation: maskUserInfo(payload.log.remoteLocation) },
      };
    if (isRecord(payload.firmware) && typeof payload.firmware.location === 'string')
      return {
        ...payload,
        firmware: { ...payload.firmware, location: maskUserInfo(payload.firmware.location) },
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
const hasUserInfo = (url: string) => userInfo.test(url);
const maskUserInfo = (url: string) => url.replace(userInfo, `$1${masked}@`);
