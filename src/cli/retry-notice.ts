/**
 * One line on stderr when a provider makes the run wait before retrying, so a rate limit that
 * lasts (up to the retry budget) is not minutes of silence. Short waits (under 2 s) stay quiet,
 * and a provider gets at most one line per 20 s however many requests wait at once.
 */
import type { RetryInfo } from '../runtime/scheduler.js';
import { formatWait } from '../runtime/scheduler.js';

const MIN_WAIT_MS = 2000;
const EVERY_MS = 20_000;

export function retryNotice(write: (line: string) => void, now: () => number = Date.now): (info: RetryInfo) => void {
  const last = new Map<string, number>();
  return (info) => {
    if (info.delayMs < MIN_WAIT_MS) return;
    const at = now();
    const before = last.get(info.provider);
    if (before !== undefined && at - before < EVERY_MS) return;
    last.set(info.provider, at);
    write(`slant: ${retryLine(info)} (retry ${info.attempt}; each request retries for at most its retry budget, docs/providers.md)`);
  };
}

/** "openai rate limited (HTTP 429 …); retrying in 12 s" */
export function retryLine(info: RetryInfo): string {
  const why = info.error instanceof Error ? info.error.message.split('\n')[0]!.slice(0, 160) : String(info.error);
  const what = info.reason === 'rate-limit' ? 'rate limited' : info.reason === 'timeout' ? 'timed out' : 'failed';
  return `${info.provider} ${what} (${why}); retrying in ${formatWait(info.delayMs)}`;
}
