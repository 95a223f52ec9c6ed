import { vi } from 'vitest';

export type RecordedRequest = {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
};

type Answer = { status?: number; body: unknown } | Error;

/**
 * Replaces fetch with a server that answers each path from a table (default: an empty success envelope) and
 * records every request as the server would have seen it.
 */
export function fakeServer(answers: Record<string, Answer> = {}) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    requests.push({
      path,
      headers: { ...(init?.headers as Record<string, string>) },
      body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
    });
    const answer = answers[path] ?? { body: { status: 200, msg: 'success', data: null } };
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests };
}

export const envelope = (status: number, msg = '', data: unknown = null) => ({ body: { status, msg, data } });
