import fs from 'node:fs';
import path from 'node:path';

type Mail = { to: string; raw: string };

/** Waits for the newest mail to `address` that arrived at the test SMTP server after `since` files. */
export async function waitForMail(address: string, { after = 0, timeoutMs = 15_000 } = {}): Promise<Mail> {
  const dir = process.env.PLUGBOARD_MAIL_DIR;
  if (!dir) throw new Error('PLUGBOARD_MAIL_DIR is not set: run through playwright with the global setup');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = fs
      .readdirSync(dir)
      .sort()
      .slice(after)
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Mail)
      .filter((m) => m.to.split(',').includes(address.toLowerCase()));
    const last = mails.at(-1);
    if (last) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}

/** How many mails have arrived so far, to wait for the next one with waitForMail(..., {after}). */
export function mailCount(): number {
  const dir = process.env.PLUGBOARD_MAIL_DIR;
  return dir ? fs.readdirSync(dir).length : 0;
}

/** The 4-character verification code in a mail (digits and upper-case letters). */
export function codeIn(mail: Mail): string {
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n');
  const text = body.replace(/=\r?\n/g, '');
  // The server puts the code alone on its own line; fall back to the first code-shaped word.
  const match = /^[ \t]*([0-9A-Z]{4})[ \t]*\r?$/m.exec(text) ?? /\b([0-9A-Z]{4})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code in mail:\n${mail.raw}`);
  return match[1];
}

/** The attached files of a multipart mail (base64 parts with a file name), decoded. */
export function attachmentsIn(mail: Mail): { filename: string; contentType: string; content: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) return [];
  return mail.raw.split(`--${boundary}`).flatMap((part) => {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (split < 0 || !filename) return [];
    const contentType = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? '';
    return [
      { filename, contentType, content: Buffer.from(part.slice(split + 4).replace(/\s+/g, ''), 'base64') },
    ];
  });
}
