/**
 * Weighted Token Decoding (Alessa et al., Table A5; Liu et al., 2021; Dathathri et al., 2020):
 * "Multiply next-token probabilities by weights w_i (down-weight negative words, up-weight middle
 * keywords)", w_neg = 0.3, w_mid = 2.0. At every step the probabilities of negative-lexicon tokens
 * (VADER words with negative valence; exact word tokens) are multiplied by w_neg and those of the
 * source's middle-section keywords (content words that weigh most in the middle third by TF-IDF,
 * never a negative word; first pieces count) by w_mid, then renormalised (a token that is both gets w_neg·w_mid).
 */
import { z } from 'zod';
import { isFunctionWord } from '../../text/index.js';
import type { StepController, StepVocabulary } from '../../models/stepwise.js';
import type { Mitigation, MitigationContext, MitigationResult } from '../types.js';
import { biasBackend, hasStepwise, staticBiasNote, staticWordBias, stepwiseOrWordBias } from './backends.js';
import { SectionCoverage } from './coverage.js';
import { negativeWords } from './lexicon.js';
import { approximateResult, decodeWith, stepwiseResult, taskCall } from './run-decode.js';
import { tokensOfWords } from './word-tokens.js';

export const weightedTokenOptions = z
  .object({
    /** weight on negative-lexicon tokens */
    wNeg: z.number().min(0).default(0.3),
    /** weight on middle-section keyword tokens */
    wMid: z.number().min(0).default(2.0),
    /** how many middle-section keywords (highest TF-IDF weight in the middle third) */
    midKeywords: z.number().int().min(0).default(20),
  })
  .strict();
type WeightedTokenOptions = z.infer<typeof weightedTokenOptions>;

/**
 * The middle third's keywords: its own terms (weighing most there), by weight, at most n. Only
 * content words: a function word ("the", "that", "to") would be boosted at every step whatever the
 * source says, a number or a piece of a word is no word to up-weight, and a negative word is
 * down-weighted, never a keyword.
 */
export function middleKeywords(source: string, n: number): string[] {
  const cov = new SectionCoverage(source);
  const negative = new Set(negativeWords().map((x) => x.word));
  const content = cov.terms[1].filter((t) => /^[a-z]{2,}$/.test(t) && !isFunctionWord(t) && !negative.has(t));
  const scored = content.map((t) => ({ t, w: cov.of(t)[1] }));
  return scored
    .sort((a, b) => b.w - a.w || (a.t < b.t ? -1 : 1))
    .slice(0, n)
    .map((x) => x.t);
}

/** How the words reached the vocabulary (negative words without an exact token are not weighted). */
interface WeightCoverage {
  negativeWords: number;
  negativeWordsWithToken: number;
  keywords: number;
  keywordsWithToken: number;
}

/** token id → weight, the same at every step */
function wordWeights(vocab: StepVocabulary, negatives: readonly string[], keywords: readonly string[], o: WeightedTokenOptions): { weights: Map<number, number>; coverage: WeightCoverage } {
  const w = new Map<number, number>();
  const neg = tokensOfWords(vocab, negatives, 'exact');
  const kw = tokensOfWords(vocab, keywords, 'first-piece');
  for (const t of neg.keys()) w.set(t, o.wNeg);
  for (const t of kw.keys()) w.set(t, (w.get(t) ?? 1) * o.wMid);
  const reached = (m: Map<number, string[]>): number => new Set([...m.values()].flat()).size;
  return { weights: w, coverage: { negativeWords: negatives.length, negativeWordsWithToken: reached(neg), keywords: keywords.length, keywordsWithToken: reached(kw) } };
}

export function weightedTokenController(keywords: readonly string[], o: WeightedTokenOptions): StepController & { weights(): Map<number, number> } {
  let weights = new Map<number, number>();
  let coverage: WeightCoverage | undefined;
  return {
    id: 'weighted-token-decoding',
    params: { ...o, keywords },
    prepare(vocab) {
      ({ weights, coverage } = wordWeights(
        vocab,
        negativeWords().map((x) => x.word),
        keywords,
        o,
      ));
    },
    weights: () => weights,
    // the first step's note says how many words found tokens (kept with a cached answer too)
    onStep: (s) => ({ kind: 'reweight', weights, ...(s.step === 0 ? { note: coverage } : {}) }),
  };
}

export const weightedTokenDecoding: Mitigation<WeightedTokenOptions> = {
  id: 'weighted-token-decoding',
  kind: 'decode',
  title: 'Weighted Token Decoding',
  source: 'Alessa et al., Table A5 (Liu et al., 2021; Dathathri et al., 2020)',
  tasks: ['summarize', 'position-summary'],
  requires: ['stepwise'],
  optionsSchema: weightedTokenOptions,
  applicable: (model) =>
    stepwiseOrWordBias(model, 'Weighted Token Decoding', (b) =>
      b.kind === 'string'
        ? `${model.provider}: static string logit bias over the whole answer instead of per-step weights`
        : `OpenAI: static token-id logit bias (${b.encoding}) over the whole answer instead of per-step weights, one-token words only, at most 300 tokens`,
    ),
  async run(ctx: MitigationContext<WeightedTokenOptions>): Promise<MitigationResult> {
    const call = taskCall(ctx);
    const keywords = middleKeywords(call.document, ctx.options.midKeywords);
    const stepsInfo = { name: 'weights', data: { wNeg: ctx.options.wNeg, wMid: ctx.options.wMid, middleKeywords: keywords } };
    if (hasStepwise(ctx.model)) {
      const r = await decodeWith(ctx, call, { controller: weightedTokenController(keywords, ctx.options) });
      return stepwiseResult(ctx, r, [{ ...stepsInfo, data: { ...stepsInfo.data, vocabulary: r.steps[0]?.note ?? null } }]);
    }
    const backend = biasBackend(ctx.model);
    if (backend === undefined) throw new Error(`weighted-token-decoding cannot run on ${ctx.model.id}`);
    const words = [...keywords.map((word) => ({ word, weight: ctx.options.wMid })), ...negativeWords().map(({ word }) => ({ word, weight: ctx.options.wNeg }))];
    const bias = await staticWordBias(backend, words);
    return approximateResult(ctx, { logitBias: bias.logitBias }, [staticBiasNote(backend, bias)], [stepsInfo]);
  },
};
