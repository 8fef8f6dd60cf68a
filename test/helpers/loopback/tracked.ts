/** Loopback servers a test file closes after each test, and the request bodies they received. */
import { afterEach } from 'vitest';
import { Scheduler } from '../../../src/runtime/scheduler.js';
import type { LoopbackServer } from './server.js';

/** Call at the top of a test file: `track(server)` returns it and closes it after the test. */
export function trackServers(): (s: LoopbackServer) => LoopbackServer {
  let servers: LoopbackServer[] = [];
  afterEach(async () => {
    for (const s of servers) await s.close();
    servers = [];
  });
  return (s) => (servers.push(s), s);
}

/** A scheduler that retries at once (no sleeping in tests). */
export const quickScheduler = (): Scheduler => new Scheduler({ sleep: () => Promise.resolve(), random: () => 0 });

/** JSON bodies of the requests to paths ending in `path`, in order. */
export const bodies = (s: LoopbackServer, path: string): Record<string, unknown>[] => s.requests.filter((r) => r.path.endsWith(path)).map((r) => r.body as Record<string, unknown>);
