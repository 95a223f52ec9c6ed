// The console's calls as the browser makes them: signed headers, JSON, over HTTP to the real server.
import { consoleRequestHeaders, sessionExportPath, type SessionExport } from '@plugboard/contract';

export type Client = ReturnType<typeof consoleClient>;

export function consoleClient(baseUrl: string, token: string) {
  const post = (path: string, body: unknown) =>
    fetch(baseUrl + path, {
      method: 'POST',
      headers: { ...consoleRequestHeaders(path, token), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    /** One call; throws unless it answers status 200. Returns its data. */
    call: async (path: string, body: unknown): Promise<unknown> => {
      const answer = (await (await post(path, body)).json()) as {
        status: number;
        msg: string;
        data: unknown;
      };
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.msg}`);
      return answer.data;
    },
    /** Downloads an export, reading it as it streams; returns its size and the rows it announced. */
    download: async (body: SessionExport) => {
      const response = await post(sessionExportPath, body);
      if (!response.ok || !response.body) throw new Error(`export: HTTP ${response.status}`);
      const rows = Number(response.headers.get('x-total-count'));
      let bytes = 0;
      let lines = 0;
      // Counted natively (indexOf): the client shares the machine with the server it measures.
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        bytes += buffer.length;
        for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines++;
      }
      return { rows, bytes, lines };
    },
  };
}
