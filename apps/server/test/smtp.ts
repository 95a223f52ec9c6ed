import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string; subject: string; text: string; raw: string };
export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };
export type Mailbox = {
  /** smtp://127.0.0.1:port, for createTestApp({ smtpUrl }). */
  url: string;
  messages: ReceivedMail[];
  /** Refuses every recipient (as a server in trouble would) until called with false. */
  refuse: (refusing: boolean) => void;
  /** The newest mail to that address (case-insensitive), or an error naming what did arrive. */
  lastTo: (address: string) => ReceivedMail;
  /** The 4-character code of the newest mail to that address. */
  codeFor: (address: string) => string;
  close: () => Promise<void>;
};

/** A real SMTP server on 127.0.0.1 that accepts every message, without authentication, and keeps it. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refusing ? Object.assign(new Error('try again later'), { responseCode: 451 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMessage(raw);
        for (const rcpt of session.envelope.rcptTo) messages.push({ to: rcpt.address, ...parsed, raw });
        callback();
      });
    },
  });
  const listening = server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => listening.once('listening', resolve));
  const { port } = listening.address() as net.AddressInfo;

  const lastTo = (address: string) => {
    const mail = messages.findLast((m) => m.to.toLowerCase() === address.toLowerCase());
    if (!mail) throw new Error(`no mail to ${address}; mails to: ${messages.map((m) => m.to).join(', ')}`);
    return mail;
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (on) => {
      refusing = on;
    },
    lastTo,
    codeFor: (address) => {
      const code = /^\s+([0-9A-Z]{4})$/m.exec(lastTo(address).text)?.[1];
      if (!code) throw new Error(`no code in the mail to ${address}`);
      return code;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Enough of RFC 5322 / MIME for the single-part text mails the server sends. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const encoding = header('content-transfer-encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body.replace(/=\r\n/g, ''))
        : body;
  return { subject: decodeWords(header('subject')), text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(text: string, underscoreIsSpace = false): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(underscoreIsSpace && char === '_' ? ' ' : char));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_word, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data, true),
    );
}

/** The attached files of a multipart mail (base64 parts with a file name), decoded. */
export function attachmentsIn(raw: string): ReceivedAttachment[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw.split(`--${boundary}`).flatMap((part) => {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (split < 0 || !filename) return [];
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
    const content = Buffer.from(part.slice(split + 4).replace(/\s+/g, ''), 'base64');
    return [{ filename, contentType, content }];
  });
}
