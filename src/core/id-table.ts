/**
 * Sets of record ids (and a number per id) that grow with a run: the input reader's ids seen (with
 * where each was first read) and the executor's records done per cell. A JavaScript Map or Set of
 * 100,000 ids holds 100,000 string objects and entries on the garbage-collected heap, and V8 sizes
 * its next collection from the live heap, so the whole process's memory grew with the run. Here the
 * ids' UTF-16 code units sit one after another in one typed array, found again through an
 * open-addressing hash table of entry numbers: a few bytes per id, outside the heap, and exact (a
 * lookup compares the code units, never only a hash).
 */

const EMPTY = 0;

/** FNV-1a over a string's UTF-16 code units (lone surrogates included: ids are compared as JavaScript compares them). */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A typed array of at least `need` elements holding `old`'s first `used`, grown by half again (not doubled: fewer idle bytes). */
/** Whether every code unit of `key` fits in a byte. */
function narrow(key: string): boolean {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 0xff) return false;
  return true;
}

function grown<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(old: T, need: number, make: (n: number) => T): T {
  if (need <= old.length) return old;
  const next = make(Math.max(need, Math.ceil(old.length * 1.5)));
  next.set(old);
  return next;
}

/** Ids with a number each (`Map<string, number>` in a few bytes per id); `IdSet` when the numbers are not needed. */
export class IdMap {
  /**
   * One byte per code unit while every id's code units are below 256 (ids are mostly ASCII: half
   * the bytes of the largest array), two from the first id with a wider one on.
   */
  private chars: Uint8Array | Uint16Array = new Uint8Array(1024);
  private charsUsed = 0;
  /** entry i's code units are chars[starts[i] .. starts[i + 1]) */
  private starts = new Uint32Array(257);
  private hashes = new Uint32Array(256);
  private values: Float64Array | undefined;
  /** entry number + 1 per slot (0: empty); at most half full */
  private slots = new Int32Array(512);
  private count = 0;

  constructor(withValues = true) {
    if (withValues) this.values = new Float64Array(256);
  }

  get size(): number {
    return this.count;
  }

  has(key: string): boolean {
    return this.find(key, hashOf(key)) >= 0;
  }

  get(key: string): number | undefined {
    const e = this.find(key, hashOf(key));
    return e < 0 || this.values === undefined ? undefined : this.values[e];
  }

  /** Add the id (or replace its number). */
  set(key: string, value = 0): this {
    const h = hashOf(key);
    const found = this.find(key, h);
    if (found >= 0) {
      if (this.values) this.values[found] = value;
      return this;
    }
    const e = this.count;
    if (this.chars instanceof Uint8Array && !narrow(key)) {
      const wide = new Uint16Array(this.chars.length);
      wide.set(this.chars);
      this.chars = wide;
    }
    const wide = this.chars instanceof Uint16Array;
    this.chars = grown(this.chars, this.charsUsed + key.length, (n) => (wide ? new Uint16Array(n) : new Uint8Array(n)));
    for (let i = 0; i < key.length; i++) this.chars[this.charsUsed + i] = key.charCodeAt(i);
    this.charsUsed += key.length;
    this.starts = grown(this.starts, e + 2, (n) => new Uint32Array(n));
    this.starts[e + 1] = this.charsUsed;
    this.hashes = grown(this.hashes, e + 1, (n) => new Uint32Array(n));
    this.hashes[e] = h;
    if (this.values) {
      this.values = grown(this.values, e + 1, (n) => new Float64Array(n));
      this.values[e] = value;
    }
    this.count++;
    if (2 * this.count > this.slots.length) this.rehash();
    else this.place(e, h);
    return this;
  }

  /** The entry number of `key`, or -1. */
  private find(key: string, h: number): number {
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const slot = this.slots[s]!;
      if (slot === EMPTY) return -1;
      const e = slot - 1;
      if (this.hashes[e] === h && this.equals(e, key)) return e;
    }
  }

  private equals(e: number, key: string): boolean {
    const start = this.starts[e]!;
    if (this.starts[e + 1]! - start !== key.length) return false;
    for (let i = 0; i < key.length; i++) if (this.chars[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  private place(e: number, h: number): void {
    const mask = this.slots.length - 1;
    let s = h & mask;
    while (this.slots[s] !== EMPTY) s = (s + 1) & mask;
    this.slots[s] = e + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    for (let e = 0; e < this.count; e++) this.place(e, this.hashes[e]!);
  }
}

/** Ids without numbers (`Set<string>` in a few bytes per id). */
export class IdSet {
  private readonly map = new IdMap(false);

  constructor(ids: Iterable<string> = []) {
    for (const id of ids) this.map.set(id);
  }

  get size(): number {
    return this.map.size;
  }

  has(id: string): boolean {
    return this.map.has(id);
  }

  add(id: string): this {
    this.map.set(id);
    return this;
  }
}
