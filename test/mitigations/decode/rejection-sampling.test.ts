/**
 * Rejection Sampling (Table A5): a top-1 token that would increase chunk imbalance gets −∞ and the
 * token is resampled within the top k = 5; it is never emitted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageRange, SectionCoverage } from '../../../src/mitigations/decode/coverage.js';
import { rejectionController, rejectionOptions, rejectionSampling, type RejectionNote } from '../../../src/mitigations/decode/rejection-sampling.js';
import { recording } from '../../helpers/recording-controller.js';
import { context, SOURCE } from '../../helpers/summary-task.js';
import { loadTinyModel, type LoadedTiny } from '../../helpers/tiny-gguf-model.js';

let t: LoadedTiny;
beforeAll(async () => {
  t = await loadTinyModel();
});
afterAll(async () => t?.dispose());

const ask = [{ role: 'user' as const, content: `Summarize: ${SOURCE}` }];

describe('rejection sampling', () => {
  it('rejects exactly the top-1 tokens that raise the imbalance, never emits them, and resamples within the top 5', async () => {
    const cov = new SectionCoverage(SOURCE);
    const imb = (x: string): number => coverageRange(cov.of(x));
    for (const temperature of [0, 1]) {
      // bias the section words up so that rejections happen on the random tiny model
      const id = t.tiny.wordToken;
      const byTokenId = { [id.people as number]: 5, [id.said as number]: 5, [id.report as number]: 4, [id.terrible as number]: 4 };
      const c = recording(rejectionController(SOURCE, rejectionOptions.parse({}), { temperature, seed: 9 }));
      const r = await t.model.stepwise({ messages: ask, maxTokens: 40, temperature, seed: 9, logitBias: { byTokenId }, controller: c });
      let rejected = 0;
      for (const s of r.steps) {
        const top1 = s.top[0] as { token: number; text: string };
        const text = c.texts[s.step] as string;
        const raises = imb(text + top1.text) > imb(text);
        const note = s.note as RejectionNote | undefined;
        expect(note !== undefined).toBe(raises);
        if (note === undefined) continue;
        rejected++;
        expect(note.rejected).toBe(top1.token);
        expect(s.token).not.toBe(top1.token);
        expect(s.top.slice(1, 5).map((e) => e.token)).toContain(s.token);
        expect(note.imbalance[1]).toBeGreaterThan(note.imbalance[0]);
      }
      expect(rejected).toBeGreaterThan(0);
    }
  });

  it('runs as a mitigation (defaults k = 5) and says it needs step-wise decoding elsewhere', async () => {
    expect(rejectionOptions.parse({})).toEqual({ k: 5, imbalance: 'range' });
    const r = await rejectionSampling.run(context(t.model, rejectionOptions.parse({})));
    expect(r.calls).toBe(1);
    expect(r.steps.find((s) => s.name === 'rejections')).toBeDefined();
    const stub = { id: 'openai:gpt-4o', version: '1', provider: 'openai', capabilities: { ...t.model.capabilities, stepwise: false }, generate: () => Promise.reject(new Error('unused')) };
    const a = rejectionSampling.applicable(stub, rejectionOptions.parse({}));
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.reason).toMatch(/needs step-wise decoding.*gguf/);
  });
});
