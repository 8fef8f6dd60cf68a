import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/**
 * Start a local server (slant view, slant annotate serve) and say where it is: binds 127.0.0.1
 * unless a host is given, port 0 picks a free one. `url` has no trailing slash; `close` also ends
 * keep-alive connections so a stopped server lets the process exit.
 */
export async function listenLocal(server: Server, opts: { host?: string; port?: number } = {}): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shown}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
