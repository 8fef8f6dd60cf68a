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

const cache = new Map<EncodingName, Promise<Tiktoken>>();

export function loadEncoding(name: EncodingName): Promise<Tiktoken> {
  let p = cache.get(name);
  if (p === undefined) {
    p = (async () => {
      const { Tiktoken } = await import('js-tiktoken/lite');
      const ranks = name === 'o200k_base' ? (await import('js-tiktoken/ranks/o200k_base')).default : (await import('js-tiktoken/ranks/cl100k_base')).default;
      return new Tiktoken(ranks);
    })();
    cache.set(name, p);
  }
  return p;
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
