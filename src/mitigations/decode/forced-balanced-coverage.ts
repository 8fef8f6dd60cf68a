/**
 * Forced Balanced Coverage (Alessa et al., Table A5; after See et al., 2017): "We measure coverage
 * of the beginning, middle, and end sections via TF-IDF, and add log γ (γ = 1.5) to logits of
 * tokens from under-covered sections until |s_b − s_e| ≤ 0.05."
 *
 * At every step s_b, s_m, s_e are the TF-IDF coverages of the text so far (coverage.ts). While
 * |s_b − s_e| > threshold, a section is under-covered when its coverage is more than `threshold`
 * below the best-covered section's (so the middle is boosted too when it lags); the tokens of its
 * terms (each source term belongs to the third where it weighs most; first pieces count) get
 * + log γ (once, even if several under-covered sections share a token). When |s_b − s_e| ≤
 * threshold the step samples unchanged. An empty text covers nothing (all 0): no boost at step 0.
 */
import { z } from 'zod';
import { sha256Hex } from '../../runtime/canonical-json.js';
import type { StepController } from '../../models/stepwise.js';
import type { Mitigation, MitigationContext, MitigationResult } from '../types.js';
import { biasBackend, hasStepwise, staticBiasNote, staticWordBias, stepwiseOrWordBias } from './backends.js';
import { beginEndGap, SECTIONS, SectionCoverage, type Section } from './coverage.js';
import { approximateResult, decodeWith, stepwiseResult, taskCall } from './run-decode.js';
import { tokensOfWords } from './word-tokens.js';

export const coverageOptions = z
  .object({
    gamma: z.number().positive().default(1.5),
    threshold: z.number().min(0).default(0.05),
  })
  .strict();
type CoverageOptions = z.infer<typeof coverageOptions>;

export interface CoverageNote {
  s: [number, number, number];
  boosted: Section[];
}

export function coverageController(source: string, o: CoverageOptions): StepController & { sectionTokens(): Map<number, Section[]> } {
  const cov = new SectionCoverage(source);
  /** token → the sections whose terms it stands for */
  let bySection = new Map<number, Section[]>();
  const weightsFor = new Map<string, Map<number, number>>();
  return {
    id: 'forced-balanced-coverage',
    // the source decides the sections: part of the cache key
    params: { ...o, source: sha256Hex(source).slice(0, 16) },
    prepare(vocab) {
      bySection = new Map();
      SECTIONS.forEach((sec, k) => {
        for (const t of tokensOfWords(vocab, cov.terms[k] ?? [], 'first-piece').keys()) bySection.set(t, [...(bySection.get(t) ?? []), sec]);
      });
    },
    sectionTokens: () => bySection,
    onStep(s) {
      const c = cov.of(s.text);
      if (beginEndGap(c) <= o.threshold) return { kind: 'sample', note: { s: c, boosted: [] } satisfies CoverageNote };
      const best = Math.max(...c);
      const under = SECTIONS.filter((_, k) => (c[k] as number) < best - o.threshold);
      const key = under.join(',');
      let weights = weightsFor.get(key);
      if (weights === undefined) {
        weights = new Map();
        for (const [t, secs] of bySection) if (secs.some((x) => under.includes(x))) weights.set(t, o.gamma);
        weightsFor.set(key, weights);
      }
      return { kind: 'reweight', weights, note: { s: c, boosted: under } satisfies CoverageNote };
    },
  };
}

export const forcedBalancedCoverage: Mitigation<CoverageOptions> = {
  id: 'forced-balanced-coverage',
  kind: 'decode',
  title: 'Forced Balanced Coverage',
  source: 'Alessa et al., Table A5 (See et al., 2017)',
  tasks: ['summarize', 'position-summary'],
  requires: ['stepwise'],
  optionsSchema: coverageOptions,
  applicable: (model) =>
    stepwiseOrWordBias(model, 'Forced Balanced Coverage', () => `${model.provider}: coverage is not measured during decoding; a static logit bias of log γ on the terms of the middle and end sections over the whole answer (assumes the beginning is over-covered)`),
  async run(ctx: MitigationContext<CoverageOptions>): Promise<MitigationResult> {
    const call = taskCall(ctx);
    if (hasStepwise(ctx.model)) {
      const r = await decodeWith(ctx, call, { controller: coverageController(call.document, ctx.options) });
      const notes = r.steps.map((s) => s.note as CoverageNote | undefined);
      const boostedSteps = notes.filter((n) => n !== undefined && n.boosted.length > 0).length;
      const last = notes.filter((n) => n !== undefined).at(-1);
      return stepwiseResult(ctx, r, [{ name: 'coverage', data: { boostedSteps, finalCoverage: last?.s ?? null } }]);
    }
    const backend = biasBackend(ctx.model);
    if (backend === undefined) throw new Error(`forced-balanced-coverage cannot run on ${ctx.model.id}`);
    const cov = new SectionCoverage(call.document);
    const words = [...cov.terms[1], ...cov.terms[2]].map((word) => ({ word, weight: ctx.options.gamma }));
    const bias = await staticWordBias(backend, words);
    const approx = `coverage is not measured during decoding; log γ on the middle and end sections' terms (assumes the beginning is over-covered). ${staticBiasNote(backend, bias)}`;
    return approximateResult(ctx, { logitBias: bias.logitBias }, [approx], [{ name: 'coverage', data: { boosted: ['middle', 'end'], words: words.length } }]);
  },
};
