import { hmacSha256Hex } from './sha256.ts';

/** Request headers every console call carries (spec section 7). Lower-case, as Node presents them. */
export const requestHeaders = {
  appKind: 'x-app-kind',
  appVersion: 'x-app-version',
  appType: 'x-app-type',
  language: 'x-language',
  timestamp: 'x-timestamp',
  token: 'x-token',
  loginType: 'x-login-type',
  authorization: 'authorization',
} as const;

export const appKind = 'plugboard-console';
export const appType = 'Web';
export const loginType = '1';
export const consoleVersion = '1.8.5';
/** The spec fixes the request language header; the interface language is a separate, stored choice. */
export const requestLanguage = 'en_US';

/** How far a request's timestamp may drift from the server clock before it is refused (419). */
export const maxClockSkewMs = 5 * 60 * 1000;

/** The signature is HMAC-SHA256 over path + timestamp, keyed by the session token (empty before login). */
export function signRequest(path: string, timestamp: string, token: string): string {
  return `HMAC-SHA256 ${hmacSha256Hex(token, path + timestamp)}`;
}

/** Every header a console call carries, signed for `path` at `at` (milliseconds) with the session token. */
export function consoleRequestHeaders(
  path: string,
  token: string,
  at: number = Date.now(),
): Record<string, string> {
  const timestamp = String(at);
  return {
    [requestHeaders.appKind]: appKind,
    [requestHeaders.appVersion]: consoleVersion,
    [requestHeaders.appType]: appType,
    [requestHeaders.language]: requestLanguage,
    [requestHeaders.timestamp]: timestamp,
    [requestHeaders.token]: token,
    [requestHeaders.loginType]: loginType,
    [requestHeaders.authorization]: signRequest(path, timestamp, token),
  };
}
