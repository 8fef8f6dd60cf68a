import { readFileSync } from 'node:fs';
import { parseJudgeCard, type JudgeCard } from '../card.js';
import { rememberFramingVersion } from './judge-version.js';
import { precompileNgrams, type NgramFramingModel } from './ngram-model.js';

/**
 * The shipped offline framing model and its accuracy card: JSON assets written by
 * scripts/fit-framing.ts (ngram-model.json, card.json), read once at load (copied to dist/ by
 * scripts/copy-assets.mjs).
 */
function asset(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')) as unknown;
}

function loadModel(): NgramFramingModel {
  const raw = asset('ngram-model.json') as NgramFramingModel & { fittedOn?: string };
  if (raw.kind !== 'ngram-logistic' || raw.bias.length !== 3) throw new Error('src/judges/framing/ngram-model.json: not an n-gram framing model');
  // The judge reads the n-grams from their compiled form (one Float64Array, ngram-model.ts); the
  // 20,000 parsed arrays are dropped after compiling (peak memory), and `ngrams` re-reads
  // the asset for whoever asks for the numbers themselves (same key order, so the same JSON text).
  const model: NgramFramingModel = {
    kind: raw.kind,
    bias: raw.bias,
    get ngrams() {
      return (asset('ngram-model.json') as NgramFramingModel).ngrams;
    },
    dense: raw.dense,
  };
  precompileNgrams(model, raw.ngrams);
  rememberFramingVersion(model, { kind: raw.kind, bias: raw.bias, ngrams: raw.ngrams, dense: raw.dense });
  return model;
}

export const SHIPPED_FRAMING_MODEL: NgramFramingModel = loadModel();
export const SHIPPED_FRAMING_CARD: JudgeCard = parseJudgeCard(asset('card.json'), 'src/judges/framing/card.json');
