import { describe, it, expect } from 'vitest';
import { FEATURE_NAMES, framingFeatures, sentenceCompounds } from '../../../src/judges/framing/features.js';
import { Vader } from '../../../src/judges/framing/vader.js';
import { parseVaderLexicon } from '../../../src/judges/framing/vader-lexicon.js';
import { cueTokens, reviewCueCounts } from '../../../src/judges/framing/review-cues.js';

const tiny = new Vader(parseVaderLexicon('good\t1.9\nbad\t-2.5\n'));

describe('framing features', () => {
  it('aggregates sentence compounds (hand-computed on a two-word lexicon)', () => {
    // sentences "Good." "Bad." "Meh." -> compounds 1.9/sqrt(1.9²+15) = 0.440434,
    // -2.5/sqrt(2.5²+15) = -0.542326, 0
    const text = 'Good. Bad. Meh.';
    const c = sentenceCompounds(text, tiny);
    expect(c).toHaveLength(3);
    expect(c[0]).toBeCloseTo(0.440434, 6);
    expect(c[1]).toBeCloseTo(-0.542326, 6);
    const f = Object.fromEntries(FEATURE_NAMES.map((n, j) => [n, framingFeatures(text, tiny)[j]]));
    expect(f.meanCompound).toBeCloseTo((0.440434 - 0.542326) / 3, 6);
    expect(f.posShare).toBeCloseTo(1 / 3, 12);
    expect(f.negShare).toBeCloseTo(1 / 3, 12);
    expect(f.firstThird).toBeCloseTo(0.440434, 6); // ceil(3/3) = 1 sentence
    expect(f.lastThird).toBe(0);
    expect(f.minCompound).toBeCloseTo(-0.542326, 6);
    expect(f.maxCompound).toBeCloseTo(0.440434, 6);
    // whole text: 1.9 − 2.5 = −0.6 -> −0.6/sqrt(0.36+15) = −0.153093
    expect(f.docCompound).toBeCloseTo(-0.153093, 6);
    expect(f.logWords).toBeCloseTo(Math.log(4), 12);
    expect(f.neutralCues).toBeCloseTo(1 / 3, 12); // "meh"
    expect(f.negativeCues).toBe(0);
  });

  it('an empty text has all-zero features', () => {
    expect(framingFeatures('  ', tiny)).toEqual(FEATURE_NAMES.map(() => 0));
  });
});

describe('review cues', () => {
  it('tokenises lower-case words, keeping apostrophes (also typographic) and hyphens', () => {
    expect(cueTokens('It’s SO-SO, "ok".')).toEqual(["it's", 'so-so', 'ok']);
  });

  it('counts words, prefixes and phrases', () => {
    expect(reviewCueCounts('It is okay for the price, but I wish it were louder.')).toEqual({ neutral: 4, negative: 0 });
    expect(reviewCueCounts("Disappointing. It doesn't work, I returned it. Do not buy!")).toEqual({ neutral: 0, negative: 4 });
    expect(reviewCueCounts('Great sound.')).toEqual({ neutral: 0, negative: 0 });
  });
});
