// A small reverse proxy in front of several server instances, as a load balancer without sticky
// sessions: each request goes to the next instance in turn, or to the one a test picks. It adds
// `X-Forwarded-For` as a real proxy does (the instances trust loopback peers: TRUST_PROXY's default).
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface InstanceProxy {
  url: string;
  /** The instances' base URLs, set once they run (their PUBLIC_URL is this proxy's). */
  targets: string[];
  /** The instance every next request goes to, or null: each in turn. */
  pinned: number | null;
  /** How many requests each instance was given. */
  served: number[];
  close: () => Promise<void>;
}

export async function startInstanceProxy(): Promise<InstanceProxy> {
  let turn = 0;
  const proxy: InstanceProxy = { url: '', targets: [], pinned: null, served: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const index = proxy.pinned ?? turn++ % proxy.targets.length;
    proxy.served[index] = (proxy.served[index] ?? 0) + 1;
    const target = new URL(req.url ?? '/', proxy.targets[index]);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = forward(
      target,
      { method: req.method, headers: { ...req.headers, 'x-forwarded-for': forwardedFor } },
      (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return proxy;
}
