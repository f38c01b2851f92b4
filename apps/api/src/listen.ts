import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

const LOOPBACK = ['127.0.0.1', '::1'] as const;

/** The network addresses Fastify listens on (a pipe path would be a string; the API never uses one). */
const boundAddresses = (app: FastifyInstance): AddressInfo[] =>
  app.addresses().filter((a): a is AddressInfo => typeof a === 'object' && a !== null);

/**
 * Starts listening where HOST says and answers every address bound.
 *
 * 'localhost' means this machine only: 127.0.0.1 and ::1, both bound explicitly. Fastify's own
 * 'localhost' binds what the resolver maps localhost to, which on some systems is 127.0.0.1 alone
 * (while a browser may try ::1 first); the old dual-stack wildcard ('::') answered the whole network,
 * so a demo on a café Wi-Fi handed its development routes to everyone there. Any other value is
 * given to Fastify as is: '0.0.0.0' or '::' (dual-stack) for every interface, or one address.
 */
export async function listen(
  app: FastifyInstance,
  options: { host: string; port: number },
): Promise<AddressInfo[]> {
  if (options.host !== 'localhost') {
    await app.listen({
      port: options.port,
      host: options.host,
      ...(options.host === '::' ? { ipv6Only: false } : {}),
    });
    return boundAddresses(app);
  }
  const [v4, v6] = LOOPBACK;
  await app.listen({ port: options.port, host: v4 });
  const port = boundAddresses(app)[0]?.port ?? options.port;
  const companion = await bindCompanion(app, v6, port);
  return companion ? [...boundAddresses(app), companion] : boundAddresses(app);
}

/**
 * A second server on `host` handing its requests to the same Fastify instance (what Fastify does for
 * the extra addresses of 'localhost'), with the main server's HTTP limits, its client-error answers,
 * and closed with it. Null when this machine has no such address (IPv6 switched off).
 */
async function bindCompanion(app: FastifyInstance, host: string, port: number): Promise<AddressInfo | null> {
  const main = app.server as Server;
  // Node keeps these http.createServer options on the server object; not all are in its types.
  const mainOptions = main as Server & {
    maxHeaderSize?: number;
    requireHostHeader?: boolean;
    joinDuplicateHeaders?: boolean;
  };
  const server = createServer(
    {
      ...(mainOptions.maxHeaderSize !== undefined ? { maxHeaderSize: mainOptions.maxHeaderSize } : {}),
      ...(mainOptions.requireHostHeader !== undefined
        ? { requireHostHeader: mainOptions.requireHostHeader }
        : {}),
      ...(mainOptions.joinDuplicateHeaders !== undefined
        ? { joinDuplicateHeaders: mainOptions.joinDuplicateHeaders }
        : {}),
    },
    app.routing,
  );
  server.keepAliveTimeout = main.keepAliveTimeout;
  server.requestTimeout = main.requestTimeout;
  server.headersTimeout = main.headersTimeout;
  server.maxRequestsPerSocket = main.maxRequestsPerSocket;
  server.setTimeout(main.timeout);
  server.on('clientError', (error, socket) => main.emit('clientError', error, socket));
  server.on('upgrade', (...args) => main.emit('upgrade', ...args));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, ipv6Only: true }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRNOTAVAIL' || code === 'EAFNOSUPPORT') {
      app.log.warn({ host, code }, 'loopback address not available on this machine, not listening there');
      return null;
    }
    main.close();
    throw error;
  }
  // Stop accepting together with the main server (app.close()), and let idle keep-alive sockets go.
  const close = () => {
    server.close(() => {});
    server.closeIdleConnections();
  };
  main.once('close', close);
  return server.address() as AddressInfo;
}
