import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

/** A small forward proxy for tests: tunnels CONNECT to loopback only, forwards plain http, records every target. */
export interface TestProxy {
  url: string;
  targets: string[];
  close(): Promise<void>;
}

export async function startProxy(): Promise<TestProxy> {
  const targets: string[] = [];
  const server: Server = createServer((req, res) => {
    // Plain-http proxying: the request line carries the absolute URL.
    targets.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '');
    const upstream = httpRequest(url, { method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    targets.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? '').split(':');
    // Never a step outside the machine: only loopback targets are tunnelled.
    if (host !== '127.0.0.1' && host !== 'localhost') {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
