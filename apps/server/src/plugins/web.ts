import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const apiPrefixes = ['/cms-system', '/ocpp', '/healthz'];

/**
 * Serves the built console from apps/web/dist on the same port as the API: hashed assets cached for a year,
 * index.html never cached, and every other GET that is not an API path answered with index.html so that the
 * console's router decides (including its own not-found page).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(index);
  if (hasBuild) {
    // The few top-level files (favicon, ...) keep their names: routes made from the folder as it is at start.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      globIgnore: ['assets/**'],
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', 'no-cache');
      },
    });
    // Hashed assets are looked up per request: a build written under a running node (an upgrade in place) names
    // new files, which a route list made at start would answer 404 (a blank console until a restart).
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  return (url: string, method: string): ConsolePage | undefined => {
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    if (apiPrefixes.some((p) => url === p || url.startsWith(p + '/'))) return undefined;
    if (url.startsWith('/assets/')) return undefined;
    if (!hasBuild) return { status: 200, html: consoleNotBuilt };
    try {
      return { status: 200, html: fs.readFileSync(index, 'utf8') };
    } catch (error) {
      // `npm run build` empties the folder before it writes the new console: a page asked for meanwhile is told to
      // come back, not answered with the API's "Network unavailable" 500.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 503, html: consoleBeingBuilt };
      throw error;
    }
  };
}

/** What the console's routes answer: its index.html, or a page saying why it cannot be served. */
export type ConsolePage = { status: 200 | 503; html: string };

const consoleBeingBuilt =
  '<!doctype html><meta charset="utf-8"><title>Plugboard</title><p>The console is being updated: reload this page in a moment.</p>';

const consoleNotBuilt =
  '<!doctype html><meta charset="utf-8"><title>Plugboard</title><p>The console is not built yet: run <code>npm start</code> (it builds apps/web first) or <code>npm run build</code>.</p>';
