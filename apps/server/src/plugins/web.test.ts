import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// The console as the server serves it from WEB_DIST, including while `npm run build` rewrites that folder under a
// running node (an upgrade in place): the folder is emptied before the new index.html is written.
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-old456.js'), 'console.log("v1")');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console v1</title>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the console from WEB_DIST', () => {
  it('answers a screen with index.html, a 503 page while the build is being rewritten, then the new one', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/chargeList' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('console v1');
    expect(first.headers['cache-control']).toBe('no-cache');

    fs.rmSync(path.join(dist, 'index.html'));
    const during = await t.app.inject({ method: 'GET', url: '/chargeList' });
    expect(during.statusCode).toBe(503);
    expect(during.headers['content-type']).toMatch(/^text\/html/);
    expect(during.headers['cache-control']).toBe('no-cache');
    expect(during.body).toContain('The console is being updated');

    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console v2</title>');
    const after = await t.app.inject({ method: 'GET', url: '/chargeList' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('console v2');
  });

  it('serves the assets of a build written after the start, immutable, and 404 for one that is not there', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'index-new123.js'), 'console.log("v2")');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-new123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("v2")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' })).statusCode).toBe(404);
    // What was there at the start too, and the top-level files.
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-old456.js' })).body).toBe(
      'console.log("v1")',
    );
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect([icon.statusCode, icon.body, icon.headers['cache-control']]).toEqual([200, '<svg/>', 'no-cache']);
    fs.writeFileSync(path.join(dist, '..', 'outside-the-build.txt'), 'secret');
    try {
      for (const url of [
        '/assets/../../outside-the-build.txt',
        '/assets/%2e%2e/%2e%2e/outside-the-build.txt',
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('secret');
      }
    } finally {
      fs.rmSync(path.join(dist, '..', 'outside-the-build.txt'));
    }
  });

  it('still answers an unknown API path with the catalogue 404, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cms-system/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: null });
  });
});
