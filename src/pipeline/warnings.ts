import { redact } from '../core/redact.js';

/**
 * Warnings collected during a run, deduplicated by (source, message) with a count; redacted on entry
 * (a refusal may quote a key). `onFirst` hears each new (source, message) once, as it happens: the
 * run uses it to say at once what would otherwise waste every later request of a model (a token
 * budget spent on reasoning), instead of only in the end-of-run summary.
 */
export class WarningLog {
  private readonly counts = new Map<string, { source: string; message: string; count: number }>();

  constructor(private readonly onFirst?: (source: string, message: string) => void) {}

  add(rawSource: string, rawMessage: string): void {
    const source = redact(rawSource);
    const message = redact(rawMessage);
    const key = `${source}\u0000${message}`;
    const entry = this.counts.get(key);
    if (entry) entry.count++;
    else {
      this.counts.set(key, { source, message, count: 1 });
      this.onFirst?.(source, message);
    }
  }

  /** The warnings of one result: a message repeated within it (one per ignored setting) counts once. */
  addResult(source: string, warnings: readonly { message: string }[]): void {
    for (const message of new Set(warnings.map((w) => w.message))) this.add(source, message);
  }

  list(): { source: string; message: string; count: number }[] {
    return [...this.counts.values()];
  }
}
