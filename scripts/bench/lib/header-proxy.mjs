// A pass-through HTTP proxy for the bench's like-for-like LCP figure: it forwards every request to
// one upstream server unchanged and streams the answer back byte for byte, only setting the given
// headers on HTML documents. Two of them, one in front of each page, put the same hop on both sides.
import { createServer, request } from 'node:http';

/**
 * Starts the proxy on 127.0.0.1 (`localhost` on this machine) at `port` (0: any free port) in front
 * of `upstream` (an origin such as http://localhost:3151). `documentHeaders` are set on responses
 * whose Content-Type is text/html, replacing the upstream's value of the same name. Resolves to
 * { url, port, close() }.
 */
export function startHeaderProxy({ upstream, port = 0, documentHeaders = {} }) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (/^text\/html\b/i.test(String(headers['content-type'] ?? ''))) {
          for (const [name, value] of Object.entries(documentHeaders)) headers[name.toLowerCase()] = value;
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      if (res.headersSent) res.destroy(error);
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${error.message}`);
    });
    req.pipe(forward);
  });
  return new Promise((resolveStart, rejectStart) => {
    server.once('error', rejectStart);
    server.listen({ port, host: '127.0.0.1' }, () => {
      const { port: bound } = server.address();
      resolveStart({
        port: bound,
        url: `http://localhost:${bound}`,
        close: () =>
          new Promise((resolveClose) => {
            server.closeAllConnections();
            server.close(() => resolveClose());
          }),
      });
    });
  });
}
