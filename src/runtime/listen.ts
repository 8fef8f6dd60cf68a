import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { UserError } from '../core/errors.js';

/**
 * Why a local server could not listen, as the user can fix it (exit 2): the port is taken, the
 * --host names no address of this machine or cannot be resolved, the port needs privileges.
 * Anything else is left as it is (a bug, with its stack).
 */
function listenProblem(err: unknown, host: string, port: number): UserError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  const free = 'choose another with --port N, or --port 0 for any free port';
  if (code === 'EADDRINUSE') return new UserError(`port ${port} on ${host} is already in use (another program, or another slant server, listens there)`, { hint: free, cause: err });
  if (code === 'EACCES') return new UserError(`not allowed to listen on port ${port} on ${host} (ports below 1024 need privileges)`, { hint: free, cause: err });
  const own = 'give an address of this machine with --host (the default 127.0.0.1 serves this machine only)';
  if (code === 'EADDRNOTAVAIL') return new UserError(`--host ${host} is not an address of this machine, so nothing can listen on it`, { hint: own, cause: err });
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return new UserError(`--host ${host} cannot be resolved to an address (${String(code)})`, { hint: own, cause: err });
  return undefined;
}

/**
 * Start a local server (slant view, slant annotate serve) and say where it is: binds 127.0.0.1
 * unless a host is given, port 0 picks a free one. `url` has no trailing slash; `close` also ends
 * keep-alive connections so a stopped server lets the process exit. A port in use or a host that
 * is not this machine's is a UserError naming it and how to choose another.
 */
export async function listenLocal(server: Server, opts: { host?: string; port?: number } = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: unknown): void => reject(listenProblem(err, host, port) ?? err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
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
