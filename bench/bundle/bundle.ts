// npm run bench:bundle — builds the console and a minimal React + MUI + router shell beside it, loads /login of
// each in Chromium, and prints the gzip size of the JavaScript each page really loads, the ratio, and the gzip size
// of every route chunk of the console. Targets (issue 2): /login <= 1.1 x minimal shell; each route chunk <= 60 KB.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-bundle-'));
const consoleDir = path.join(out, 'console');
const minimalDir = path.join(out, 'minimal');

await build({
  configFile: path.join(root, 'apps/web/vite.config.ts'),
  root: path.join(root, 'apps/web'),
  logLevel: 'warn',
  build: { outDir: consoleDir, emptyOutDir: true, manifest: true },
});
await build({
  configFile: false,
  root: path.join(import.meta.dirname, 'minimal'),
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: minimalDir, emptyOutDir: true },
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const consoleJs = await jsLoadedBy(consoleDir, '/login');
const minimalJs = await jsLoadedBy(minimalDir, '/login');
await browser.close();

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);
console.log('JS loaded by /login (gzip):');
for (const [file, size] of consoleJs) console.log(`  ${kb(size).padStart(9)}  ${file}`);
console.log(`console /login        ${kb(total(consoleJs))}`);
console.log(`minimal shell         ${kb(total(minimalJs))}`);
const ratio = total(consoleJs) / total(minimalJs);
console.log(`ratio                 ${ratio.toFixed(2)} (target <= 1.10) ${ratio <= 1.1 ? 'OK' : 'OVER'}`);

const manifest = JSON.parse(
  fs.readFileSync(path.join(consoleDir, '.vite/manifest.json'), 'utf8'),
) as Manifest;
console.log('\nroute chunks (gzip, target <= 60 KB each):');
let over = 0;
for (const [source, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  const size = gzipSync(fs.readFileSync(path.join(consoleDir, chunk.file))).length;
  if (size > 60 * 1024) over++;
  console.log(`  ${kb(size).padStart(9)}  ${source}${size > 60 * 1024 ? '  OVER' : ''}`);
}
console.log(over ? `${over} route chunk(s) over 60 KB` : 'every route chunk within 60 KB');
fs.rmSync(out, { recursive: true, force: true });

/** Serves a built folder (SPA fallback to index.html) and records every script the page fetches. */
async function jsLoadedBy(dir: string, route: string): Promise<Map<string, number>> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    const target = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    res.setHeader(
      'content-type',
      target.endsWith('.js') ? 'text/javascript' : target.endsWith('.css') ? 'text/css' : 'text/html',
    );
    res.end(fs.readFileSync(target));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const page = await browser.newPage();
  const sizes = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.body().then((body) => sizes.set(new URL(response.url()).pathname, gzipSync(body).length));
  });
  await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: 'networkidle' });
  await page.close();
  server.close();
  return sizes;
}
