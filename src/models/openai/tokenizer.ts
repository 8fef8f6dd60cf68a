/**
 * Word → token-id logit bias for OpenAI models. OpenAI's `logit_bias` takes token ids of the
 * model's own tokenizer; js-tiktoken ships the o200k_base / cl100k_base ranks inside the package
 * (no download at run time), loaded lazily because each table is several MB.
 */
import type { Tiktoken } from 'js-tiktoken/lite';
import type { Warning } from '../types.js';
import { otherWarning, unsupported } from '../warnings.js';

type EncodingName = 'o200k_base' | 'cl100k_base';

/** The tokenizer of an OpenAI chat model, or undefined when unknown. */
export function encodingFor(model: string): EncodingName | undefined {
  const m = model.toLowerCase().replace(/^ft:/, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|chatgpt-4o|gpt-oss)/.test(m)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada-002)/.test(m)) return 'cl100k_base';
  return undefined;
}

interface Loaded {
  tok: Tiktoken;
  /** the encoding's pre-tokenizer (the pattern that splits a text into the pieces BPE merges within) */
  pattern: string;
}

const cache = new Map<EncodingName, Promise<Loaded>>();

function load(name: EncodingName): Promise<Loaded> {
  let p = cache.get(name);
  if (p === undefined) {
    p = (async () => {
      const { Tiktoken } = await import('js-tiktoken/lite');
      const ranks = name === 'o200k_base' ? (await import('js-tiktoken/ranks/o200k_base')).default : (await import('js-tiktoken/ranks/cl100k_base')).default;
      return { tok: new Tiktoken(ranks), pattern: ranks.pat_str };
    })();
    cache.set(name, p);
  }
  return p;
}

export async function loadEncoding(name: EncodingName): Promise<Tiktoken> {
  return (await load(name)).tok;
}

/** Pieces whose count a counter keeps; past this it starts again (a bound on memory, not on correctness). */
const MAX_KNOWN_PIECES = 200_000;

/**
 * A token counter for an encoding, exact (the length of js-tiktoken's encode) at a fraction of its
 * CPU. BPE merges only within the pieces the encoding's pattern splits a text into, so a text's
 * count is the sum of its pieces' counts, and a piece (a word with its leading space, a run of
 * punctuation) is encoded once and remembered: the texts of a run repeat their words endlessly,
 * and js-tiktoken spends most of its time merging them again (the cost plan and the budget count
 * every request's input). A piece that its pattern would split further on its own (an edge of the
 * whitespace rules) is not remembered: the text is then counted by encode itself. Special-token
 * text (`<|endoftext|>`) counts as the plain text it is in a chat message (encode's default throws).
 */
export function tokenCounter(name: EncodingName): Promise<(text: string) => number> {
  let c = counters.get(name);
  if (c === undefined) counters.set(name, (c = load(name).then(makeCounter)));
  return c;
}

const counters = new Map<EncodingName, Promise<(text: string) => number>>();

function makeCounter({ tok, pattern }: Loaded): (text: string) => number {
  const split = new RegExp(pattern, 'gu');
  const alone = new RegExp(pattern, 'gu');
  const known = new Map<string, number>();
  const pieceCount = (piece: string): number | undefined => {
    let n = known.get(piece);
    if (n !== undefined) return n;
    // the piece alone must be one piece again for its own encoding to be its part of the text's
    alone.lastIndex = 0;
    const again = alone.exec(piece);
    if (again === null || again[0] !== piece) return undefined;
    n = tok.encode(piece, [], []).length;
    if (known.size >= MAX_KNOWN_PIECES) known.clear();
    known.set(piece, n);
    return n;
  };
  return (text) => {
    let total = 0;
    for (const m of text.matchAll(split)) {
      const n = pieceCount(m[0]);
      if (n === undefined) return tok.encode(text, [], []).length;
      total += n;
    }
    return total;
  };
}

/** OpenAI accepts biases in [-100, 100]. */
const MAX_BIAS = 100;

/**
 * Token-id bias for string biases. Each string is encoded as written and, unless it starts
 * with whitespace, also with a leading space (how a word appears mid-sentence), so
 * `{ good: 5 }` biases both "good" and " good". A string that needs several tokens biases every
 * one of them, with a warning (those pieces are shared with other words). Explicit
 * `byTokenId` entries win over string-derived ones; values are clamped to [-100, 100].
 */
export async function tokenIdBias(
  model: string,
  byString: Record<string, number> | undefined,
  byTokenId: Record<string, number> | undefined,
): Promise<{ bias: Record<string, number>; warnings: Warning[] }> {
  const warnings: Warning[] = [];
  const bias: Record<string, number> = {};
  const strings = Object.entries(byString ?? {});
  if (strings.length > 0) {
    const enc = encodingFor(model);
    if (enc === undefined) {
      warnings.push(unsupported('logitBias.byString', `openai: the tokenizer of "${model}" is unknown, so string logit bias was not applied; use byTokenId`));
    } else {
      const tok = await loadEncoding(enc);
      for (const [s, b] of strings) {
        const variants = /^\s/.test(s) ? [s] : [s, ` ${s}`];
        for (const v of variants) {
          const ids = tok.encode(v);
          if (ids.length > 1)
            warnings.push(otherWarning(`openai: logit bias string ${JSON.stringify(v)} is ${ids.length} tokens (${ids.join(', ')}) in ${enc}; each piece was biased`));
          for (const id of ids) bias[String(id)] = b;
        }
      }
    }
  }
  for (const [id, b] of Object.entries(byTokenId ?? {})) bias[id] = b;
  for (const [id, b] of Object.entries(bias)) {
    if (!/^\d+$/.test(id)) {
      delete bias[id];
      warnings.push(unsupported('logitBias.byTokenId', `logit bias key "${id}" is not a token id; it was not applied`));
    } else if (Number.isNaN(b)) {
      delete bias[id];
      warnings.push(otherWarning(`logit bias for token ${id} is not a number; it was not applied`));
    } else if (Math.abs(b) > MAX_BIAS) {
      const c = Math.sign(b) * MAX_BIAS;
      warnings.push(otherWarning(`logit bias ${b} for token ${id} is outside [-100, 100]; clamped to ${c}`));
      bias[id] = c;
    }
  }
  return { bias, warnings };
}
