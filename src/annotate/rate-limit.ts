/**
 * How fast one annotator's answers are accepted: a token bucket per annotator. `burst` answers may
 * come at once (a page re-sent, a few quick attention checks), then `perMinute` a minute. A person
 * reading an item answers a few times a minute; a script posting hundreds a second does not get
 * them stored (429 with Retry-After), so a leaked link cannot flood a study with answers.
 */
export interface AnswerRate {
  perMinute: number;
  burst: number;
}

export const DEFAULT_ANSWER_RATE: AnswerRate = { perMinute: 60, burst: 20 };

export class AnswerRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly rate: AnswerRate;
  private readonly now: () => number;

  constructor(rate: AnswerRate = DEFAULT_ANSWER_RATE, now: () => number = Date.now) {
    this.rate = rate;
    this.now = now;
  }

  /** Take one answer for `key`: 0 when accepted, else the milliseconds until one would be. */
  take(key: string): number {
    const t = this.now();
    const perMs = this.rate.perMinute / 60_000;
    const b = this.buckets.get(key) ?? { tokens: this.rate.burst, at: t };
    b.tokens = Math.min(this.rate.burst, b.tokens + (t - b.at) * perMs);
    b.at = t;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / perMs);
  }
}
