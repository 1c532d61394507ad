import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { builtIndexHtml } from './web-index.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html revalidated on every
 * load. Returns the function that answers an unknown page with the app's own not-found screen.
 */
export async function registerStatic(
  app: FastifyInstance,
  webDist: string,
): Promise<(reply: FastifyReply) => FastifyReply> {
  const root = path.resolve(webDist);
  // Read once, and the same bytes whose inline script the CSP allows by its hash (security-headers.ts).
  const indexHtml = builtIndexHtml(root);
  if (!indexHtml) {
    app.log.warn({ webDist: root }, 'web app not built: only the API is served');
    return (reply) => reply.code(404).type('text/plain; charset=utf-8').send('Page not Found');
  }
  await app.register(fastifyStatic, {
    root,
    index: false,
    // Files are looked up when asked for, not listed at the start: a process of the previous release serves
    // the files of a release built after it started (docs/decisions/0072).
    wildcard: true,
    // As when the files were listed: the build's manifest (.vite/) stays the build's, and a folder is no page.
    dotfiles: 'ignore',
    allowedPath: (pathName) => !pathName.endsWith('/'),
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(root, filePath);
      res.header('Cache-Control', rel.startsWith('assets' + path.sep) ? IMMUTABLE : 'public, max-age=3600');
    },
  });
  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', (_req, reply) => sendIndex(reply));
  // One of the app's own addresses (APP_PATHNAMES): answered as / is, never from disk. From disk it came as
  // the build's index.html.br or .gz, which the cache policy took for any file (an hour, shared), and as
  // bytes that need not be the ones whose inline script the CSP allows.
  app.get('/index.html', (_req, reply) => sendIndex(reply));
  // The app reads location.pathname and shows its not-found screen for any path but the root.
  return (reply) => sendIndex(reply.code(404));
}
