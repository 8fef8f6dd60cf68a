/**
 * What a run's requests are going through, for the progress line: retries so far, failed attempts
 * (errors and timeouts that were retried) and the wait in progress (a provider's rate limit or a
 * back-off), so a long run that waits is never silent. Fed by the scheduler's onRetry.
 */
import { formatWait, type RetryInfo } from '../runtime/scheduler.js';

export class RunActivity {
  private retries = 0;
  private failed = 0;
  private rateLimited = 0;
  /** the latest wait: until when (epoch ms), and why */
  private wait: { until: number; why: string } | undefined;

  /** where a line about a retry goes: above the progress bar once there is one */
  log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`);

  constructor(private readonly now: () => number = Date.now) {}

  /** A request is about to be retried after `info.delayMs`. */
  retry(info: RetryInfo): void {
    this.retries++;
    if (info.reason === 'rate-limit') this.rateLimited++;
    else this.failed++;
    const why = info.reason === 'rate-limit' ? `${info.provider} rate limited` : info.reason === 'timeout' ? `${info.provider} timed out` : `${info.provider} failed`;
    const until = this.now() + info.delayMs;
    if (this.wait === undefined || until >= this.wait.until || this.wait.until <= this.now()) this.wait = { until, why };
  }

  /** "3 retries (2 rate limited, 1 failed) · waiting 0:12: openai rate limited", or '' while nothing went wrong. */
  text(): string {
    if (this.retries === 0) return '';
    const kinds = [this.rateLimited ? `${this.rateLimited} rate limited` : '', this.failed ? `${this.failed} failed` : ''].filter(Boolean).join(', ');
    const left = this.wait ? this.wait.until - this.now() : 0;
    const waiting = this.wait && left > 0 ? ` · waiting ${formatWait(left)}: ${this.wait.why}` : '';
    return `${this.retries} ${this.retries === 1 ? 'retry' : 'retries'} (${kinds})${waiting}`;
  }
}
