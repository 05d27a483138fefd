/**
 * A forward proxy on 127.0.0.1, as a self-hosted runner's network would have: plain-HTTP requests
 * (absolute form) are forwarded to `upstream` with their method, headers and body, and recorded;
 * CONNECT is recorded and refused with 407. Enough to show that a client went through the proxy and
 * what it told it.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyRequest {
  method: string;
  /** The request target as the proxy received it: an absolute URL, or `host:port` for CONNECT. */
  target: string;
  proxyAuthorization: string | undefined;
}

export async function startForwardProxy(upstream: string): Promise<{
  url: string;
  asked: ProxyRequest[];
  close: () => Promise<void>;
}> {
  const asked: ProxyRequest[] = [];
  const to = new URL(upstream);
  const server = createServer((req, res) => {
    asked.push({
      method: req.method ?? '',
      target: req.url ?? '',
      proxyAuthorization: req.headers['proxy-authorization'],
    });
    const target = new URL(req.url ?? '/');
    const headers = { ...req.headers, host: to.host, 'x-forwarded-host': target.host };
    delete headers['proxy-authorization'];
    const forwarded = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  server.on('connect', (req, socket) => {
    asked.push({
      method: 'CONNECT',
      target: req.url ?? '',
      proxyAuthorization: req.headers['proxy-authorization'],
    });
    socket.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
