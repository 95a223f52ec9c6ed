import type { APIRequestContext } from '@playwright/test';
import {
  appKind,
  appType,
  consoleVersion,
  loginType,
  requestHeaders,
  requestLanguage,
  signRequest,
} from '@plugboard/contract';
import { codeIn, mailCount, waitForMail } from './mail.ts';

type Answer<T> = { status: number; msg: string; data: T };

/** Calls the console API signed exactly like the console's api-client does. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  path: string,
  body: Record<string, unknown> = {},
  token = '',
): Promise<Answer<T>> {
  const timestamp = String(Date.now());
  const res = await request.post(path, {
    data: body,
    headers: {
      [requestHeaders.appKind]: appKind,
      [requestHeaders.appVersion]: consoleVersion,
      [requestHeaders.appType]: appType,
      [requestHeaders.language]: requestLanguage,
      [requestHeaders.timestamp]: timestamp,
      [requestHeaders.token]: token,
      [requestHeaders.loginType]: loginType,
      [requestHeaders.authorization]: signRequest(path, timestamp, token),
    },
  });
  return (await res.json()) as Answer<T>;
}

let counter = 0;

/** A fresh account registered through the API with the code from the real mail; returns its credentials. */
export async function registerAccount(
  request: APIRequestContext,
  { name = 'Test Operator', language = 'en_US' }: { name?: string; language?: string } = {},
) {
  const email = `op-${Date.now()}-${process.pid}-${++counter}@example.test`;
  const password = 'charge-2-go!';
  const before = mailCount();
  const sent = await apiCall(request, '/cms-system/system/verify/code/send', {
    email,
    purpose: 'register',
    language,
  });
  if (sent.status !== 200) throw new Error(`code send failed: ${sent.status} ${sent.msg}`);
  const code = codeIn(await waitForMail(email, { after: before }));
  const registered = await apiCall<{ token: string }>(request, '/cms-system/system/user/v2/register', {
    email,
    password,
    confirmPassword: password,
    code,
    companyName: 'Test Charging BV',
    companyAddress: 'Stationsplein 1, Utrecht',
    name,
    language,
    agreeTerms: true,
  });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${registered.msg}`);
  return { email, password, token: registered.data.token };
}
