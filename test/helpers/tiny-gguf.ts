/**
 * Writes a tiny random-weight GGUF (llama architecture, SentencePiece-style tokenizer) for the
 * in-process GGUF provider's tests. Written here rather than downloaded: tests never touch the
 * network and the file is ~200 kB, made in a few milliseconds.
 *
 * Format: GGUF v3 (github.com/ggml-org/ggml/blob/master/docs/gguf.md): magic "GGUF", u32 version,
 * u64 tensor count, u64 metadata kv count, the kv pairs, the tensor infos, padding to
 * `general.alignment` (32), then the tensor data (f32, each tensor aligned to 32 bytes).
 *
 * Vocabulary: <unk> <s> </s>, the 256 byte-fallback tokens <0x00>..<0xFF> (so any text can be
 * tokenized), "▁" plus single characters, and for each word of `words` the token "▁word" together
 * with every prefix "▁w", "▁wo", ... so that SentencePiece's bigram merging can reach it. Longer
 * pieces get higher scores, so a listed word tokenizes to one token.
 */
import { writeFileSync } from 'node:fs';

const enum T {
  U32 = 4,
  I32 = 5,
  F32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

type KvValue =
  | { t: T.U32 | T.I32 | T.F32; v: number }
  | { t: T.BOOL; v: boolean }
  | { t: T.STRING; v: string }
  | { t: T.ARRAY; of: T.STRING; v: string[] }
  | { t: T.ARRAY; of: T.F32 | T.I32; v: number[] };

export interface TinyGgufOptions {
  /** weight seed (default 1) */
  seed?: number;
  /** whole words to put in the vocabulary as single tokens */
  words?: string[];
  embedding?: number;
  blocks?: number;
  heads?: number;
  feedForward?: number;
  contextLength?: number;
  /** a Jinja chat template stored as tokenizer.chat_template (default: none) */
  chatTemplate?: string;
  /** std of the random weights (default 0.35) */
  scale?: number;
  /** leave out this metadata key (to test a broken file) */
  omitKey?: string;
}

export interface TinyGguf {
  path: string;
  /** token strings, index = token id */
  tokens: string[];
  /** token id of "▁<word>" for each listed word */
  wordToken: Record<string, number>;
}

export const DEFAULT_WORDS = [
  'the', 'good', 'bad', 'great', 'terrible', 'news', 'report', 'said', 'people', 'and',
  'is', 'was', 'not', 'very', 'happy', 'sad', 'user', 'assistant', 'system', 'hello',
];

/** splitmix32-style PRNG, then Box-Muller, for reproducible weights */
function normalSource(seed: number): () => number {
  let s = seed >>> 0;
  const u = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return (z + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

function buildVocab(words: string[]): { tokens: string[]; scores: number[]; types: number[]; wordToken: Record<string, number> } {
  const tokens: string[] = ['<unk>', '<s>', '</s>'];
  const types: number[] = [2, 3, 3];
  const scores: number[] = [0, 0, 0];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(6);
    scores.push(0);
  }
  const seen = new Set(tokens);
  const add = (piece: string): void => {
    if (seen.has(piece)) return;
    seen.add(piece);
    tokens.push(piece);
    types.push(1);
    // longer pieces win SentencePiece's merges
    scores.push(-100 + piece.length);
  };
  for (const c of '▁abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;!?\'"-()') add(c);
  const wordToken: Record<string, number> = {};
  for (const w of words) {
    const piece = `▁${w}`;
    for (let n = 2; n <= piece.length; n++) add(piece.slice(0, n));
    wordToken[w] = tokens.indexOf(piece);
  }
  return { tokens, scores, types, wordToken };
}

class Buf {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad(align: number): void {
    const rem = this.length % align;
    if (rem !== 0) this.push(Buffer.alloc(align - rem));
  }
  concat(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function writeKv(out: Buf, key: string, val: KvValue): void {
  out.str(key);
  out.u32(val.t);
  switch (val.t) {
    case T.U32:
      out.u32(val.v);
      break;
    case T.I32:
      out.i32(val.v);
      break;
    case T.F32:
      out.f32(val.v);
      break;
    case T.BOOL:
      out.push(Buffer.from([val.v ? 1 : 0]));
      break;
    case T.STRING:
      out.str(val.v);
      break;
    case T.ARRAY:
      out.u32(val.of);
      out.u64(val.v.length);
      for (const x of val.v) {
        if (val.of === T.STRING) out.str(x as string);
        else if (val.of === T.F32) out.f32(x as number);
        else out.i32(x as number);
      }
      break;
  }
}

const ALIGN = 32;

/** Write the tiny model to `path` and return its vocabulary. */
export function writeTinyGguf(path: string, opts: TinyGgufOptions = {}): TinyGguf {
  const embd = opts.embedding ?? 32;
  const blocks = opts.blocks ?? 1;
  const heads = opts.heads ?? 2;
  const ff = opts.feedForward ?? 64;
  const ctx = opts.contextLength ?? 512;
  const scale = opts.scale ?? 0.35;
  const vocab = buildVocab(opts.words ?? DEFAULT_WORDS);
  const nVocab = vocab.tokens.length;

  const kv: [string, KvValue][] = [
    ['general.architecture', { t: T.STRING, v: 'llama' }],
    ['general.name', { t: T.STRING, v: 'slant-tiny-test' }],
    ['general.alignment', { t: T.U32, v: ALIGN }],
    ['llama.context_length', { t: T.U32, v: ctx }],
    ['llama.embedding_length', { t: T.U32, v: embd }],
    ['llama.block_count', { t: T.U32, v: blocks }],
    ['llama.feed_forward_length', { t: T.U32, v: ff }],
    ['llama.attention.head_count', { t: T.U32, v: heads }],
    ['llama.attention.head_count_kv', { t: T.U32, v: heads }],
    ['llama.rope.dimension_count', { t: T.U32, v: embd / heads }],
    ['llama.attention.layer_norm_rms_epsilon', { t: T.F32, v: 1e-5 }],
    ['llama.vocab_size', { t: T.U32, v: nVocab }],
    ['tokenizer.ggml.model', { t: T.STRING, v: 'llama' }],
    ['tokenizer.ggml.tokens', { t: T.ARRAY, of: T.STRING, v: vocab.tokens }],
    ['tokenizer.ggml.scores', { t: T.ARRAY, of: T.F32, v: vocab.scores }],
    ['tokenizer.ggml.token_type', { t: T.ARRAY, of: T.I32, v: vocab.types }],
    ['tokenizer.ggml.unknown_token_id', { t: T.U32, v: 0 }],
    ['tokenizer.ggml.bos_token_id', { t: T.U32, v: 1 }],
    ['tokenizer.ggml.eos_token_id', { t: T.U32, v: 2 }],
    ['tokenizer.ggml.add_bos_token', { t: T.BOOL, v: true }],
    ['tokenizer.ggml.add_eos_token', { t: T.BOOL, v: false }],
  ];
  if (opts.chatTemplate !== undefined) kv.push(['tokenizer.chat_template', { t: T.STRING, v: opts.chatTemplate }]);
  const kvs = kv.filter(([k]) => k !== opts.omitKey);

  const normal = normalSource(opts.seed ?? 1);
  const rand = (n: number, s: number): Float32Array => Float32Array.from({ length: n }, () => normal() * s);
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);
  // [name, ne (innermost first), data]
  const tensors: [string, number[], Float32Array][] = [['token_embd.weight', [embd, nVocab], rand(embd * nVocab, scale)]];
  const w = scale / Math.sqrt(embd / 16);
  for (let b = 0; b < blocks; b++) {
    const p = `blk.${b}.`;
    tensors.push(
      [`${p}attn_norm.weight`, [embd], ones(embd)],
      [`${p}attn_q.weight`, [embd, embd], rand(embd * embd, w)],
      [`${p}attn_k.weight`, [embd, embd], rand(embd * embd, w)],
      [`${p}attn_v.weight`, [embd, embd], rand(embd * embd, w)],
      [`${p}attn_output.weight`, [embd, embd], rand(embd * embd, w)],
      [`${p}ffn_norm.weight`, [embd], ones(embd)],
      [`${p}ffn_gate.weight`, [embd, ff], rand(embd * ff, w)],
      [`${p}ffn_up.weight`, [embd, ff], rand(embd * ff, w)],
      [`${p}ffn_down.weight`, [ff, embd], rand(ff * embd, w)],
    );
  }
  tensors.push(['output_norm.weight', [embd], ones(embd)]);

  const out = new Buf();
  out.push(Buffer.from('GGUF', 'ascii'));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(kvs.length);
  for (const [k, v] of kvs) writeKv(out, k, v);
  let offset = 0;
  for (const [name, ne, data] of tensors) {
    out.str(name);
    out.u32(ne.length);
    for (const n of ne) out.u64(n);
    out.u32(0); // GGML_TYPE_F32
    out.u64(offset);
    offset += Math.ceil((data.length * 4) / ALIGN) * ALIGN;
  }
  out.pad(ALIGN);
  for (const [, , data] of tensors) {
    out.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    out.pad(ALIGN);
  }
  writeFileSync(path, out.concat());
  return { path, tokens: vocab.tokens, wordToken: vocab.wordToken };
}
