// A bare Node HTTP server answering every request with one fixed body: the bench's measure of what
// the load generator itself can take in for a given answer. autocannon (http-parser-js) decodes each
// response body to a string and appends it chunk by chunk; for the menu's 95 KB of JSON with
// Cyrillic texts that costs it more than the API's cached hit costs the API, so on two shared cores
// the menu read's req/s is the generator's ceiling. The same bytes from this server show that
// ceiling beside the API's figure.
import { createServer } from 'node:http';

/**
 * Starts the server on 127.0.0.1 at `port` (0: any free port). Every request gets `status`, the
 * given `headers` (Content-Length is set from the body) and `body`, whatever its method, path or
 * headers. Resolves to { url, port, close() }.
 */
export function startFixedBodyServer({ body, headers = {}, status = 200, port = 0 }) {
  const bytes = Buffer.from(body);
  const answerHeaders = { ...headers, 'content-length': String(bytes.length) };
  const server = createServer((req, res) => {
    // The request's own body (none for a GET) is read and dropped, so keep-alive goes on.
    req.resume();
    req.on('end', () => {
      res.writeHead(status, answerHeaders);
      res.end(req.method === 'HEAD' ? undefined : bytes);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actual}/`,
        port: actual,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
