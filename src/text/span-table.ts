/**
 * A table of strings looked up by their span in a longer text: the caller hashes each span's
 * UTF-16 code units while scanning the text (`FNV_BASIS`, `fnvStep`) and `find` compares in place
 * (`startsWith` at the span's offset), so a string met again costs neither a slice nor a Map's
 * hashing of a fresh string (TF-IDF's terms and VADER's pieces, thousands per document,
 * mostly repeats). Keys are numbered in the order they were added. Written here rather than taken
 * from a library because the point is to look a key up by its span in a text.
 */

/** FNV-1a offset basis (32-bit) */
export const FNV_BASIS = 0x811c9dc5 | 0;

/** One FNV-1a step: the hash after one more code unit. */
export const fnvStep = (h: number, c: number): number => Math.imul(h ^ c, 16777619);

/** The hash of a whole string (what a scan gives the span holding it). */
export function fnvHash(s: string): number {
  let h = FNV_BASIS;
  for (let i = 0; i < s.length; i++) h = fnvStep(h, s.charCodeAt(i));
  return h;
}

export class SpanTable<V> {
  /** the keys in the order added (a key's number is its index) */
  readonly keys: string[] = [];
  readonly values: V[] = [];
  private hashes = new Int32Array(256);
  /** key number + 1 per slot (0: empty); size a power of two, at most half full */
  private slots = new Int32Array(512);

  get size(): number {
    return this.keys.length;
  }

  /** The number of the key s.slice(start, end) (`hash`: its hash), or -1. */
  find(s: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    const len = end - start;
    let k = hash & mask;
    for (let e = slots[k] as number; e !== 0; e = slots[k] as number) {
      const id = e - 1;
      if (this.hashes[id] === hash) {
        const t = this.keys[id] as string;
        if (t.length === len && s.startsWith(t, start)) return id;
      }
      k = (k + 1) & mask;
    }
    return -1;
  }

  /** Add `key` (not in the table: a `find` of it missed; `hash` = fnvHash(key)) with its value; returns its number. */
  add(key: string, hash: number, value: V): number {
    const id = this.keys.length;
    this.keys.push(key);
    this.values.push(value);
    if (id >= this.hashes.length) {
      const h2 = new Int32Array(this.hashes.length * 2);
      h2.set(this.hashes);
      this.hashes = h2;
    }
    this.hashes[id] = hash;
    if (2 * (id + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(this.slots, id);
    return id;
  }

  /** Forget every key. */
  clear(): void {
    this.keys.length = 0;
    this.values.length = 0;
    this.hashes = new Int32Array(256);
    this.slots = new Int32Array(512);
  }

  /** Put key number `id` in the first empty slot from its hash's. */
  private place(slots: Int32Array, id: number): void {
    const mask = slots.length - 1;
    let k = (this.hashes[id] as number) & mask;
    while (slots[k] !== 0) k = (k + 1) & mask;
    slots[k] = id + 1;
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    for (let id = 0; id < this.keys.length; id++) this.place(slots, id);
    this.slots = slots;
  }
}
