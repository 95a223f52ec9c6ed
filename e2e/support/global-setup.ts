import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { embeddedDatabaseUrl, freePort, nodeBin, root, waitForHealth } from './server.ts';
import { serverNodeFlags } from '../../apps/server/src/node-flags.ts';

/**
 * Starts what a user would have after `npm start`: the built console and the server on one port, with its own
 * embedded PostgreSQL in a temporary data directory, and a real SMTP server in this process whose mail lands in a
 * folder the tests read (support/mail.ts). Returns the teardown.
 */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@plugboard/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building the console failed');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-e2e-'));
  // As root the database runs as the `postgres` system user, which must be able to enter the data directory's parents.
  fs.chmodSync(work, 0o755);
  const mailDir = path.join(work, 'mail');
  fs.mkdirSync(mailDir);

  let mailCount = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        const file = path.join(mailDir, `${String(++mailCount).padStart(5, '0')}.json`);
        fs.writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = path.join(work, 'data');
  const server = spawn(nodeBin, [...serverNodeFlags, 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // Every spec registers accounts from 127.0.0.1; the default per-address limit is for the open internet.
      CODE_SENDS_PER_CLIENT_PER_HOUR: '100000',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, server);
  process.env.PLUGBOARD_URL = url;
  process.env.PLUGBOARD_MAIL_DIR = mailDir;
  // For a spec that starts another node on the same database (support/server.ts, startNode).
  process.env.PLUGBOARD_DATABASE_URL = embeddedDatabaseUrl(dataDir, pgPort);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  };
}
