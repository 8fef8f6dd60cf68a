/** Warnings collected during a run, deduplicated by (source, message) with a count. */
export class WarningLog {
  private readonly counts = new Map<string, { source: string; message: string; count: number }>();

  add(source: string, message: string): void {
    const key = `${source}\u0000${message}`;
    const entry = this.counts.get(key);
    if (entry) entry.count++;
    else this.counts.set(key, { source, message, count: 1 });
  }

  list(): { source: string; message: string; count: number }[] {
    return [...this.counts.values()];
  }
}
