import { describe, it, expect } from 'vitest';
import { createOfflineFramingJudge, OfflineFramingJudge } from '../../../src/judges/framing/offline-judge.js';
import { FEATURE_NAMES } from '../../../src/judges/framing/features.js';
import { framingCorpus } from './framing-corpus.js';
import type { FramingModel } from '../../../src/judges/framing/model.js';

const POSITIVE = 'I love this speaker. The sound is amazing and setup took two minutes. Great value, highly recommended!';
const NEGATIVE =
  'Terrible product. It stopped working after a week and customer service was useless. I returned it for a refund. Do not buy.';
const MIXED = 'The screen is okay. Battery life is decent for the price, but the speakers are weak. It does the job, I guess.';

describe('offline framing judge (committed calibration)', () => {
  const judge = createOfflineFramingJudge();

  it('identifies itself with a version that carries a hash of the fitted numbers', () => {
    expect(judge.id).toBe('offline-framing');
    expect(judge.version).toMatch(/^2\.0\.0\+[0-9a-f]{8}$/);
  });

  it('classifies clearly positive, clearly negative and lukewarm texts', async () => {
    expect(await judge.classify([POSITIVE, NEGATIVE, MIXED])).toEqual(['positive', 'negative', 'neutral']);
  });

  it('calls an empty text neutral', async () => {
    expect(await judge.classify(['', '  \n'])).toEqual(['neutral', 'neutral']);
  });

  it('explains: one probability per class summing to 1, named features', () => {
    const e = judge.explain(POSITIVE);
    expect(e.probabilities.positive + e.probabilities.neutral + e.probabilities.negative).toBeCloseTo(1, 12);
    expect(e.probabilities.positive).toBeGreaterThan(0.5);
    expect(Object.keys(e.features)).toEqual([...FEATURE_NAMES]);
  });

  it('is deterministic: same texts, same answers and probabilities, in a fresh judge too', async () => {
    const texts = [POSITIVE, NEGATIVE, MIXED, 'Good. Bad. Meh.'];
    const a = await judge.classify(texts);
    const b = await createOfflineFramingJudge().classify(texts);
    expect(b).toEqual(a);
    expect(createOfflineFramingJudge().explain(MIXED)).toEqual(judge.explain(MIXED));
    expect(createOfflineFramingJudge().version).toBe(judge.version);
  });

  it('reads words that name Object.prototype members ("constructor") as ordinary words, not as model weights', () => {
    // before the flat n-gram lookup the model's n-grams were a plain object: "constructor" found
    // Object.prototype.constructor and made every probability NaN (framing 'negative')
    const e = judge.explain('The constructor was great and we love it.');
    expect(Number.isFinite(e.probabilities.positive)).toBe(true);
    expect(e.framing).toBe('positive');
  });

  it('stops when the signal is aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(judge.classify([POSITIVE], { signal: ac.signal })).rejects.toThrow();
  });
});

describe('offline framing judge with an injected model', () => {
  const d = FEATURE_NAMES.length;
  // ordinal model on meanCompound only: s = meanCompound; neutral between -0.1 and 0.1
  const model: FramingModel = {
    kind: 'ordinal-logistic',
    mean: new Array<number>(d).fill(0),
    sd: new Array<number>(d).fill(1),
    weights: [100, ...new Array<number>(d - 1).fill(0)],
    thresholds: [-10, 10],
  };

  it('uses the model it is given, and its version hash follows the numbers', async () => {
    const j = new OfflineFramingJudge({ model });
    expect(await j.classify(['The book was good.', 'The book was bad.', 'The book was blue.'])).toEqual(['positive', 'negative', 'neutral']);
    expect(j.version).not.toBe(createOfflineFramingJudge().version);
  });

  it('rejects a model that does not fit the feature set', () => {
    expect(() => new OfflineFramingJudge({ model: { ...model, weights: [1, 2] } })).toThrow(/does not fit/);
  });

  it('rejects an n-gram model with dense features the judge does not compute (they would read as 0)', () => {
    const dense = { mean: new Array<number>(d + 2).fill(0), sd: new Array<number>(d + 2).fill(1), scale: 1, weights: new Array<number[]>(d + 2).fill([0, 0, 0]) };
    expect(() => new OfflineFramingJudge({ model: { kind: 'ngram-logistic', bias: [0, 0, 0], ngrams: {}, dense } })).toThrow(`has ${d + 2} dense features`);
    expect(() => new OfflineFramingJudge({ model: { kind: 'ngram-logistic', bias: [0, 0, 0], ngrams: {}, dense: { ...dense, mean: dense.mean.slice(2), sd: dense.sd.slice(2), weights: dense.weights.slice(2) } } })).not.toThrow();
  });
});

describe('classify decides as explain does (classify builds no explanation)', () => {
  it('on the fixed corpus, empty and whitespace-only texts included', async () => {
    const judge = createOfflineFramingJudge();
    const texts = [...framingCorpus().slice(0, 120), '', '   \n'];
    expect(await judge.classify(texts)).toEqual(texts.map((t) => judge.explain(t).framing));
  });
});
