/**
 * Checks shared by the local web servers (`slant view`, `slant annotate serve`) against requests
 * that a page of another site makes a browser send to them:
 * - DNS rebinding: a site whose name resolves to 127.0.0.1 is, for the browser, the same origin as
 *   itself, so it can read the answers; its requests carry its own name in `Host`, which a server
 *   bound to a loopback address refuses;
 * - cross-site requests: `Origin` must be this server's, and `Sec-Fetch-Site` same-origin or none
 *   (a request typed in the address bar) — except top-level navigations, which follow a link to a
 *   page and let the other site read nothing.
 */
import type { IncomingMessage } from 'node:http';

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Whether a server bound to `host` answers this machine only (then only loopback Host names are expected). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host);
}

/** Why a request to a loopback-bound server is refused for its Host header, or undefined. */
export function foreignHost(req: IncomingMessage): string | undefined {
  const hostname = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  return LOOPBACK_NAMES.has(hostname) ? undefined : 'unexpected Host header';
}

/** Why a request from another site is refused, or undefined. `navigation: true` lets a followed link through. */
export function crossOrigin(req: IncomingMessage, opts: { navigation?: boolean } = {}): string | undefined {
  const site = req.headers['sec-fetch-site'];
  const navigating = opts.navigation === true && req.headers['sec-fetch-mode'] === 'navigate' && req.method === 'GET';
  if (site !== undefined && site !== 'same-origin' && site !== 'none' && !navigating) return 'cross-site request refused';
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host ?? ''}`) return 'cross-origin request refused';
  return undefined;
}
