import { redact } from '../core/redact.js';

/** Warnings collected during a run, deduplicated by (source, message) with a count; redacted on entry (a refusal may quote a key). */
export class WarningLog {
  private readonly counts = new Map<string, { source: string; message: string; count: number }>();

  add(rawSource: string, rawMessage: string): void {
    const source = redact(rawSource);
    const message = redact(rawMessage);
    const key = `${source}\u0000${message}`;
    const entry = this.counts.get(key);
    if (entry) entry.count++;
    else this.counts.set(key, { source, message, count: 1 });
  }

  /** The warnings of one result: a message repeated within it (one per ignored setting) counts once. */
  addResult(source: string, warnings: readonly { message: string }[]): void {
    for (const message of new Set(warnings.map((w) => w.message))) this.add(source, message);
  }

  list(): { source: string; message: string; count: number }[] {
    return [...this.counts.values()];
  }
}
