// @ts-check
/**
 * The storefront's production server: `next start`, plus brotli for the build's scripts and
 * stylesheets (src/lib/static-brotli/static-brotli.mjs; Next itself only gzips) and the cached pages'
 * gzip built once (src/lib/html-cache/precompressed.mjs). Next's own request
 * handler (`next({...}).getRequestHandler()`, the same router `next start` runs: the proxy, the pages,
 * the HTML cache, gzip) answers everything the brotli part does not.
 *
 *   node server.mjs [-p|--port <port>] [-H|--hostname <host>]
 *
 * Like `next start`: PORT when no -p (default 3000); without -H it listens on every interface. Next
 * is told `localhost` as its hostname either way (`-H 127.0.0.1` breaks next-intl's locale rewrite).
 * NODE_ENV defaults to production. SIGINT/SIGTERM stop it.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  acceptPrecompressedBodies,
  announcePrecompressedBodies,
} from './src/lib/html-cache/precompressed.mjs';
import { installRenderGate, trackRequest } from './src/lib/render-gate/render-gate.mjs';
import { createStaticBrotli, indexBrotliFiles } from './src/lib/static-brotli/static-brotli.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p' },
    hostname: { type: 'string', short: 'H' },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`server.mjs: not a port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}
const host = values.hostname?.trim() || undefined;

// Next reads NODE_ENV when it is imported: set it first, then import.
// (Next's types declare NODE_ENV read-only: assigned through Object.assign, as `next start` does.)
if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: 'production' });
const { default: next } = await import('next');

const dir = import.meta.dirname;
/** next.config.ts's distDir. */
const distDir = process.env.WEB_DIST_DIR?.trim() || '.next';

const hostname = host ?? 'localhost';
// What `next start` sets once it listens, and what the HTML cache's render request reads to reach
// this server (src/lib/html-cache/serve.ts): without them every page would be rendered per request.
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;

const app = next({ dev: false, dir, hostname, port });
const [index] = await Promise.all([indexBrotliFiles(join(dir, distDir, 'static')), app.prepare()]);
const handle = app.getRequestHandler();
const brotli = createStaticBrotli(index);

// A cached page's gzip is built once per stored page, not per response: the proxy marks such a body
// and this server sends the mark as Content-Encoding (src/lib/html-cache/precompressed.mjs).
announcePrecompressedBodies();
// Pages rendered per request wait their turn at the proxy's gate; every request gets the id the gate
// knows it by, freed when its response closes (src/lib/render-gate/render-gate.mjs).
const renderGate = installRenderGate();
const server = createServer((req, res) => {
  if (brotli(req, res)) return;
  trackRequest(req, res, renderGate);
  acceptPrecompressedBodies(res);
  void handle(req, res);
});
server.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
server.listen(port, host, () => {
  console.log(
    `▲ Storefront ready on ${process.env.__NEXT_PRIVATE_ORIGIN} (${index.size} build files with brotli)`,
  );
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // Stop accepting, drop idle keep-alive sockets, let Next close its side; never hang on a busy one.
  const timer = setTimeout(() => process.exit(0), 5_000);
  timer.unref();
  server.close();
  server.closeIdleConnections();
  await app.close().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
