/**
 * Forced Balanced Coverage (Table A5): + log γ (γ = 1.5) to the tokens of under-covered sections
 * while |s_b − s_e| > 0.05; unchanged once balanced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepState } from '../../../src/models/stepwise.js';
import { SectionCoverage } from '../../../src/mitigations/decode/coverage.js';
import { coverageController, coverageOptions, forcedBalancedCoverage, type CoverageNote } from '../../../src/mitigations/decode/forced-balanced-coverage.js';
import { cosineSparse, splitIntoThirds, TfidfVectorizer } from '../../../src/text/index.js';
import { recording } from '../../helpers/recording-controller.js';
import { context, SOURCE } from '../../helpers/summary-task.js';
import { loadTinyModel, type LoadedTiny } from '../../helpers/tiny-gguf-model.js';

let t: LoadedTiny;
beforeAll(async () => {
  t = await loadTinyModel();
});
afterAll(async () => t?.dispose());

const ask = [{ role: 'user' as const, content: `Summarize: ${SOURCE}` }];

/** coverage recomputed independently with scikit-learn-style TF-IDF over the thirds */
function coverage(text: string): number[] {
  const v = new TfidfVectorizer();
  const secs = v.fitTransform(splitIntoThirds(SOURCE));
  const [x] = v.transform([text]);
  return secs.map((s) => (x === undefined || x.indices.length === 0 ? 0 : cosineSparse(x, s)));
}

describe('forced balanced coverage', () => {
  it('coverage is TF-IDF cosine to each third; every source term belongs to the third where it weighs most', () => {
    const cov = new SectionCoverage(SOURCE);
    expect(cov.of('the people said good things')).toEqual(coverage('the people said good things'));
    expect(cov.terms[0]).toEqual(expect.arrayContaining(['people', 'said', 'good']));
    expect(cov.terms[1]).toEqual(expect.arrayContaining(['report', 'great']));
    expect(cov.terms[2]).toEqual(expect.arrayContaining(['terrible', 'bad', 'sad']));
  });

  it('adds log γ to exactly the under-covered sections\' tokens, and samples unchanged when |s_b − s_e| ≤ 0.05', async () => {
    const c = coverageController(SOURCE, coverageOptions.parse({}));
    await t.model.stepwise({ messages: ask, maxTokens: 1, controller: { prepare: (v) => c.prepare?.(v), onStep: () => ({ kind: 'stop' }) } });
    const id = t.tiny.wordToken;
    const state = (text: string): StepState => ({ step: 3, tokens: [], text, topK: [], logZ: 0, logits: new Float64Array(0) });
    const noTools = { sideGenerate: () => Promise.reject(new Error('unused')) };
    // only the beginning is covered: middle and end are under-covered
    const d1 = (await c.onStep(state('the people said good'), undefined, noTools)) as { kind: string; weights: Map<number, number>; note: CoverageNote };
    expect(d1.kind).toBe('reweight');
    expect(d1.note.boosted).toEqual(['middle', 'end']);
    for (const w of ['report', 'great', 'terrible', 'bad', 'sad']) expect(d1.weights.get(id[w] as number)).toBe(1.5);
    for (const w of ['people', 'said', 'good', 'hello']) expect(d1.weights.has(id[w] as number)).toBe(false);
    // every boosted token belongs to an under-covered section
    for (const tok of d1.weights.keys()) expect(c.sectionTokens().get(tok)?.some((s) => s !== 'beginning')).toBe(true);
    // the end is covered, the beginning is not: only the beginning (and the lagging middle) is boosted
    const d2 = (await c.onStep(state('terrible bad sad'), undefined, noTools)) as { weights: Map<number, number>; note: CoverageNote };
    expect(d2.note.boosted).not.toContain('end');
    expect(d2.weights.get(id.people as number)).toBe(1.5);
    expect(d2.weights.has(id.terrible as number)).toBe(false);
    // balanced (|s_b − s_e| ≤ 0.05): no boost
    const d3 = await c.onStep(state(''), undefined, noTools);
    expect(d3.kind).toBe('sample');
    const text = 'the people said good news and terrible bad sad news';
    const s = coverage(text);
    const d4 = await c.onStep(state(text), undefined, noTools);
    expect(d4.kind).toBe(Math.abs((s[0] as number) - (s[2] as number)) <= 0.05 ? 'sample' : 'reweight');
  });

  it('on the tiny GGUF, boosts at exactly the steps whose text is unbalanced', async () => {
    const ctl = recording(coverageController(SOURCE, coverageOptions.parse({})));
    const r = await t.model.stepwise({ messages: ask, maxTokens: 40, seed: 2, temperature: 1, logitBias: { byTokenId: { [t.tiny.wordToken.people as number]: 5, [t.tiny.wordToken.said as number]: 5 } }, controller: ctl });
    let boosted = 0;
    for (const s of r.steps) {
      const text = ctl.texts[s.step] as string;
      const c = coverage(text);
      const unbalanced = Math.abs((c[0] as number) - (c[2] as number)) > 0.05;
      expect(s.decision).toBe(unbalanced ? 'reweight' : 'sample');
      const note = s.note as CoverageNote;
      note.s.forEach((v, k) => expect(v).toBeCloseTo(c[k] as number, 9));
      if (unbalanced) boosted++;
    }
    expect(boosted).toBeGreaterThan(0);
  });

  it('runs as a mitigation with defaults γ = 1.5, threshold 0.05', async () => {
    expect(coverageOptions.parse({})).toEqual({ gamma: 1.5, threshold: 0.05 });
    const r = await forcedBalancedCoverage.run(context(t.model, coverageOptions.parse({})));
    expect(r.steps.find((s) => s.name === 'coverage')?.data).toMatchObject({ boostedSteps: expect.any(Number) });
  });
});
