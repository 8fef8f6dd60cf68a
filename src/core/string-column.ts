/** Strings of each chunk. */
const CHUNK = 4096;

/**
 * Strings appended one at a time (a group's record ids, in order), kept as one string per chunk of
 * 4,096 with where each begins. 100,000 ids as an array are 100,000 string objects on the
 * garbage-collected heap, about 40 bytes each with their slots; here each costs its characters and
 * four bytes, and a string is made again only when read (`at`).
 */
export class StringColumn {
  /** the full chunks' strings joined, and where each string begins in them (one more: the end) */
  private readonly joined: string[] = [];
  private readonly starts: Int32Array[] = [];
  /** the open chunk */
  private parts: string[] = [];

  get length(): number {
    return this.joined.length * CHUNK + this.parts.length;
  }

  push(s: string): void {
    this.parts.push(s);
    if (this.parts.length === CHUNK) this.close();
  }

  /** The string at position i (0 ≤ i < length). */
  at(i: number): string {
    if (!(Number.isInteger(i) && i >= 0 && i < this.length)) throw new RangeError(`StringColumn.at: index ${i} outside 0..${this.length - 1}`);
    const k = Math.floor(i / CHUNK);
    if (k === this.joined.length) return this.parts[i % CHUNK] as string;
    const starts = this.starts[k] as Int32Array;
    return (this.joined[k] as string).slice(starts[i % CHUNK], starts[(i % CHUNK) + 1]);
  }

  private close(): void {
    const starts = new Int32Array(CHUNK + 1);
    let at = 0;
    this.parts.forEach((s, j) => {
      at += s.length;
      starts[j + 1] = at;
    });
    // Array.join makes one flat string: the parts are garbage from here on
    this.joined.push(this.parts.join(''));
    this.starts.push(starts);
    this.parts = [];
  }
}

