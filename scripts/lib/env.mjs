import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Loads `<repo>/.env` into process.env when it exists, so both apps (started as children) see the
 * same configuration. Variables already set in the shell win over the file (process.loadEnvFile
 * never overwrites), which lets `PORT=4100 npm start` override .env for one run.
 */
export function loadRootEnv() {
  const file = join(REPO_ROOT, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}

const isSet = (env, key) => typeof env[key] === 'string' && env[key].trim() !== '';

/**
 * The two addresses, and the environment both apps get. The API listens on PORT (default 4000),
 * the storefront on WEB_PORT (default 3000). Variables that name those addresses and are not set
 * follow the ports, so `PORT=4100 WEB_PORT=3100 npm start` is a complete second instance: the
 * storefront calls the API on 4100 and the API lets the browser in from 3100.
 */
export function resolveServers(source = process.env) {
  const env = { ...source };
  const apiPort = Number(isSet(env, 'PORT') ? env.PORT.trim() : 4000);
  const webPort = Number(isSet(env, 'WEB_PORT') ? env.WEB_PORT.trim() : 3000);
  for (const [name, port] of [
    ['PORT', apiPort],
    ['WEB_PORT', webPort],
  ]) {
    if (!Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error(`${name} must be a port number (1-65535), got ${JSON.stringify(source[name])}`);
    }
  }
  const api = `http://localhost:${apiPort}`;
  const web = `http://localhost:${webPort}`;
  const defaults = { API_URL: api, PUBLIC_API_URL: api, SITE_URL: web, CORS_ORIGINS: web };
  for (const [key, value] of Object.entries(defaults)) {
    if (!isSet(env, key)) env[key] = value;
  }
  return { env, api: { port: apiPort, url: api }, web: { port: webPort, url: web } };
}

/** True when something already accepts connections on localhost:port (IPv4 or IPv6). */
export function isPortTaken(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: 'localhost' });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Stops early, with a message that says what to do, when a port is taken: starting a second API on
 * the same embedded database while the first still runs would fail half-way (PGlite allows one
 * process per data folder), and a health check could be answered by the old server instead.
 */
export async function assertPortsFree(servers) {
  const taken = [];
  for (const [name, { port }] of Object.entries(servers)) {
    if (await isPortTaken(port)) taken.push(`${name} port ${port}`);
  }
  if (taken.length > 0) {
    throw new Error(
      `${taken.join(' and ')} already in use (another npm start or npm run dev?). ` +
        'Stop it, or pick other ports: PORT=4100 WEB_PORT=3100 npm start',
    );
  }
}
