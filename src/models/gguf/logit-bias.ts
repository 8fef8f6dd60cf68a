/**
 * Logit bias for GGUF models, in logit units (added to the logit before any sampling step, so a
 * bias of ln w multiplies the token's probability by w before renormalisation).
 *
 * By string: each string is tokenized as written and, unless it starts with whitespace, also with a
 * leading space (how a word appears mid-sentence), both without the tokenizer's automatic
 * space prefix. A variant that takes several tokens biases every piece, with a warning (the pieces
 * are shared with other words). Explicit byTokenId entries win over string-derived ones.
 */
import type { GenerateParams, Warning } from '../types.js';
import { otherWarning, unsupported } from '../warnings.js';

interface BiasTokenizer {
  tokenize(text: string, specialTokens?: boolean, options?: 'trimLeadingSpace'): number[];
}

export function resolveLogitBias(tok: BiasTokenizer, vocabSize: number, bias: GenerateParams['logitBias']): { bias: Map<number, number>; warnings: Warning[] } {
  const out = new Map<number, number>();
  const warnings: Warning[] = [];
  for (const [s, b] of Object.entries(bias?.byString ?? {})) {
    if (!Number.isFinite(b)) {
      warnings.push(otherWarning(`gguf: logit bias for ${JSON.stringify(s)} is not a finite number; it was not applied`));
      continue;
    }
    const variants = /^\s/.test(s) ? [s] : [s, ` ${s}`];
    for (const v of variants) {
      const ids = tok.tokenize(v, false, 'trimLeadingSpace');
      if (ids.length > 1) warnings.push(otherWarning(`gguf: logit bias string ${JSON.stringify(v)} is ${ids.length} tokens (${ids.join(', ')}); each piece was biased`));
      for (const id of ids) out.set(id, b);
    }
  }
  for (const [key, b] of Object.entries(bias?.byTokenId ?? {})) {
    const id = Number(key);
    if (!/^\d+$/.test(key) || id >= vocabSize) {
      warnings.push(unsupported('logitBias.byTokenId', `gguf: logit bias key "${key}" is not a token id of this model (0..${vocabSize - 1}); it was not applied`));
    } else if (Number.isNaN(b)) {
      warnings.push(otherWarning(`gguf: logit bias for token ${key} is not a number; it was not applied`));
    } else {
      out.set(id, b);
    }
  }
  return { bias: out, warnings };
}
