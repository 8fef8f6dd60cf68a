/**
 * Rejection Sampling (Alessa et al., Table A5): "If top-1 token would increase chunk imbalance,
 * set its logit to −∞ and resample within top-k", k = 5.
 *
 * Chunk imbalance is the spread (max − min) of the TF-IDF coverages s_b, s_m, s_e of the text so
 * far (coverage.ts; option `imbalance: 'b-e'` uses |s_b − s_e| as Forced Balanced Coverage does).
 * The text with the top-1 token appended is scored as it stands (a trailing word piece counts as a
 * word). If its imbalance is higher, the token is rejected and the next token is drawn from the
 * other k − 1 of the top k, with probabilities softmax(z/T) renormalised over them (greedy at
 * T = 0), using a generator seeded from the task's seed. Otherwise the step samples as usual.
 */
import { z } from 'zod';
import { sha256Hex } from '../../runtime/canonical-json.js';
import type { StepController } from '../../models/stepwise.js';
import { createRng } from '../../stats/rng.js';
import type { Mitigation, MitigationContext, MitigationResult } from '../types.js';
import { needsStepwise } from './backends.js';
import { beginEndGap, coverageRange, SectionCoverage, type Coverage } from './coverage.js';
import { decodeWith, stepwiseResult, taskCall } from './run-decode.js';

export const rejectionOptions = z
  .object({
    k: z.number().int().min(2).default(5),
    imbalance: z.enum(['range', 'b-e']).default('range'),
  })
  .strict();
type RejectionOptions = z.infer<typeof rejectionOptions>;

export interface RejectionNote {
  rejected: number;
  imbalance: [number, number];
}

export function rejectionController(source: string, o: RejectionOptions, sampling: { temperature: number; seed: number }): StepController {
  const cov = new SectionCoverage(source);
  const measure = o.imbalance === 'range' ? coverageRange : beginEndGap;
  const imbalance = (text: string): number => measure(cov.of(text) as Coverage);
  const rng = createRng(sampling.seed ^ 0x5eed);
  return {
    id: 'rejection-sampling',
    params: { ...o, temperature: sampling.temperature, seed: sampling.seed, source: sha256Hex(source).slice(0, 16) },
    onStep(s) {
      const top = s.topK[0];
      if (top === undefined) return { kind: 'sample' };
      const before = imbalance(s.text);
      const after = imbalance(s.text + top.text);
      if (!(after > before)) return { kind: 'sample' };
      const rest = s.topK.slice(1, o.k);
      if (rest.length === 0) return { kind: 'forbid', tokens: [top.token] };
      let token = (rest[0] as { token: number }).token;
      if (sampling.temperature > 0) {
        const w = rest.map((e) => Math.exp((e.logit - (rest[0] as { logit: number }).logit) / sampling.temperature));
        let u = rng() * w.reduce((a, b) => a + b, 0);
        for (let i = 0; i < rest.length; i++) {
          u -= w[i] as number;
          if (u < 0) {
            token = (rest[i] as { token: number }).token;
            break;
          }
        }
      }
      const note: RejectionNote = { rejected: top.token, imbalance: [before, after] };
      return { kind: 'choose', token, note };
    },
  };
}

export const rejectionSampling: Mitigation<RejectionOptions> = {
  id: 'rejection-sampling',
  kind: 'decode',
  title: 'Rejection Sampling',
  source: 'Alessa et al., Table A5',
  tasks: ['summarize', 'position-summary'],
  requires: ['stepwise'],
  optionsSchema: rejectionOptions,
  applicable: (model) => needsStepwise(model, 'Rejection Sampling', "the top-k tokens of every step and a say in which one is taken"),
  async run(ctx: MitigationContext<RejectionOptions>): Promise<MitigationResult> {
    const call = taskCall(ctx);
    const controller = rejectionController(call.document, ctx.options, { temperature: call.temperature, seed: call.seed });
    const r = await decodeWith(ctx, call, { alternatives: Math.max(10, ctx.options.k), controller });
    const rejections = r.steps.filter((s) => s.note !== undefined).length;
    return stepwiseResult(ctx, r, [{ name: 'rejections', data: { rejections, steps: r.steps.length } }]);
  },
};
