import { describe, it, expect } from 'vitest';
import { TfidfVectorizer, compareCodePoints } from '../../src/text/tfidf.js';
import { fnvHash } from '../../src/text/span-table.js';
import { cosineSparse, toDense } from '../../src/text/vector.js';
import { UserError } from '../../src/core/errors.js';
import { createRng } from '../../src/stats/rng.js';

/*
 * Worked example, computed by hand (sklearn defaults: smooth idf, raw tf, l2 rows).
 * docs: d1 "the cat sat", d2 "the cat cat ran", d3 "dogs ran"; n = 3.
 * sorted vocabulary: cat dogs ran sat the; df: cat 2, dogs 1, ran 2, sat 1, the 2.
 * idf = ln((1+n)/(1+df)) + 1:
 *   df 2 -> ln(4/3) + 1 = 1.2876820724517808;  df 1 -> ln(4/2) + 1 = 1.6931471805599454
 * d1 = (1.28768, 0, 0, 1.69315, 1.28768); |d1| = sqrt(2*1.28768^2 + 1.69315^2) = 2.4865634145272706
 *   -> (0.5178561161676974, 0, 0, 0.680918560398684, 0.5178561161676974)
 * d2 = (2*1.28768, 0, 1.28768, 0, 1.28768) -> idf cancels: (2, 0, 1, 0, 1)/sqrt(6)
 *   -> (0.8164965809277261, 0, 0.4082482904638631, 0, 0.4082482904638631)
 * d3 = (0, 1.69315, 1.28768, 0, 0); |d3| = sqrt(1.69315^2 + 1.28768^2)
 *   -> (0, 0.7959605415681652, 0.6053485081062916, 0, 0)
 * cos(d1, d2) = 0.51786*0.81650 + 0.51786*0.40825 = 0.6342416223951545
 */
const WORKED = ['the cat sat', 'the cat cat ran', 'dogs ran'];

function dense(v: TfidfVectorizer, docs: string[]): number[][] {
  return v.fitTransform(docs).map((x) => Array.from(toDense(x, v.dimension)));
}

function expectRow(actual: number[] | undefined, expected: number[]): void {
  expect(actual).toBeDefined();
  expect(actual!.length).toBe(expected.length);
  expected.forEach((e, i) => expect(actual![i]).toBeCloseTo(e, 12));
}

describe('TfidfVectorizer (sklearn defaults)', () => {
  it('reproduces the hand-computed worked example', () => {
    const v = new TfidfVectorizer();
    const X = dense(v, WORKED);
    expect(v.vocabulary()).toEqual(['cat', 'dogs', 'ran', 'sat', 'the']);
    const idf = Array.from(v.idf());
    expectRow(idf, [1.2876820724517808, 1.6931471805599454, 1.2876820724517808, 1.6931471805599454, 1.2876820724517808]);
    expectRow(X[0], [0.5178561161676974, 0, 0, 0.680918560398684, 0.5178561161676974]);
    expectRow(X[1], [0.8164965809277261, 0, 0.4082482904638631, 0, 0.4082482904638631]);
    expectRow(X[2], [0, 0.7959605415681652, 0.6053485081062916, 0, 0]);
    const S = v.fitTransform(WORKED);
    expect(cosineSparse(S[0]!, S[1]!)).toBeCloseTo(0.6342416223951545, 12);
  });

  it('matches the scikit-learn documentation example', () => {
    // sklearn TfidfVectorizer docstring corpus. By hand: n = 4; df(document) = 3 -> idf = ln(5/4)+1
    // = 1.22314355; df(first) = 2 -> ln(5/3)+1 = 1.51082562; is/the/this df 4 -> idf 1.
    // Row 1 = (0, 1.22314, 1.51083, 1, 0, 0, 1, 0, 1), |row| = sqrt(1.49608 + 2.28259 + 3) = 2.60359
    // -> 1.22314/2.60359 = 0.46979139, 1.51083/2.60359 = 0.58028582, 1/2.60359 = 0.38408524.
    const corpus = [
      'This is the first document.',
      'This document is the second document.',
      'And this is the third one.',
      'Is this the first document?',
    ];
    const v = new TfidfVectorizer();
    const X = dense(v, corpus);
    expect(v.vocabulary()).toEqual(['and', 'document', 'first', 'is', 'one', 'second', 'the', 'third', 'this']);
    const row0 = [0, 0.46979139, 0.58028582, 0.38408524, 0, 0, 0.38408524, 0, 0.38408524];
    row0.forEach((e, i) => expect(X[0]![i]).toBeCloseTo(e, 8));
    expect(X[3]).toEqual(X[0]);
    expect(v.idf()[1]).toBeCloseTo(Math.log(5 / 4) + 1, 14);
  });

  it('transform after fit equals fitTransform and ignores unknown terms', () => {
    const v = new TfidfVectorizer().fit(WORKED);
    const a = v.transform(WORKED);
    const b = new TfidfVectorizer().fitTransform(WORKED);
    expect(a.map((x) => Array.from(x.values))).toEqual(b.map((x) => Array.from(x.values)));
    const [u] = v.transform(['zebra cat zebra']);
    expect(Array.from(u!.indices)).toEqual([0]);
    expect(Array.from(u!.values)).toEqual([1]);
  });

  it('sparse vectors are sorted by index', () => {
    const v = new TfidfVectorizer();
    const [x] = v.fitTransform(['zeta alpha mu beta alpha', 'alpha']);
    expect(Array.from(x!.indices)).toEqual([0, 1, 2, 3]);
    expect(v.vocabulary()).toEqual(['alpha', 'beta', 'mu', 'zeta']);
  });

  it('tokenizes like (?u)\\b\\w\\w+\\b: Unicode words, underscores, no 1-char tokens', () => {
    const v = new TfidfVectorizer().fit(['Über café a I x_y 42 7 naïve don\'t']);
    expect(v.vocabulary()).toEqual(['42', 'café', 'don', 'naïve', 'x_y', 'über']);
  });
});

describe('TfidfVectorizer options', () => {
  it('sublinear tf: 1 + ln(count)', () => {
    // d2: cat tf = 1 + ln 2 = 1.693147, ran 1, the 1, all idf equal (df 2) -> cancels
    // -> (1.693147, 1, 1)/sqrt(1.693147^2 + 2) = 0.7674945674619879, 0.4532946552278861
    const v = new TfidfVectorizer({ sublinearTf: true });
    const X = dense(v, WORKED);
    expectRow(X[1], [0.7674945674619879, 0, 0.4532946552278861, 0, 0.4532946552278861]);
  });

  it('l1 norm and no norm', () => {
    // d1 raw = (c, 0, 0, d, c), c = 1.28768, d = 1.69315; l1 sum = 2c + d = 4.2685
    const l1 = dense(new TfidfVectorizer({ norm: 'l1' }), WORKED);
    expectRow(l1[0], [0.30167006112182554, 0, 0, 0.39665987775634887, 0.30167006112182554]);
    const raw = dense(new TfidfVectorizer({ norm: null }), WORKED);
    expectRow(raw[1], [2 * 1.2876820724517808, 0, 1.2876820724517808, 0, 1.2876820724517808]);
  });

  it('without smoothing idf = ln(n/df) + 1', () => {
    const v = new TfidfVectorizer({ smoothIdf: false }).fit(WORKED);
    // df 2 -> ln(3/2)+1 = 1.4054651081081644; df 1 -> ln 3 + 1 = 2.09861228866811
    expectRow(Array.from(v.idf()), [1.4054651081081644, 2.09861228866811, 1.4054651081081644, 2.09861228866811, 1.4054651081081644]);
  });

  it('useIdf false gives plain normalised counts', () => {
    const X = dense(new TfidfVectorizer({ useIdf: false }), WORKED);
    expectRow(X[0], [1 / Math.sqrt(3), 0, 0, 1 / Math.sqrt(3), 1 / Math.sqrt(3)]);
  });

  it('lowercase false keeps case distinct', () => {
    const v = new TfidfVectorizer({ lowercase: false }).fit(['Cat cat']);
    expect(v.vocabulary()).toEqual(['Cat', 'cat']);
  });

  it('stop words are removed', () => {
    const v = new TfidfVectorizer({ stopWords: ['THE', 'ran'] }).fit(WORKED);
    expect(v.vocabulary()).toEqual(['cat', 'dogs', 'sat']);
  });

  it('minDf / maxDf as counts and fractions', () => {
    expect(new TfidfVectorizer({ minDf: 2 }).fit(WORKED).vocabulary()).toEqual(['cat', 'ran', 'the']);
    expect(new TfidfVectorizer({ maxDf: 1 }).fit(WORKED).vocabulary()).toEqual(['dogs', 'sat']);
    // 0.5 * 3 docs = 1.5: df 2 passes minDf, df 1 does not
    expect(new TfidfVectorizer({ minDf: 0.5 }).fit(WORKED).vocabulary()).toEqual(['cat', 'ran', 'the']);
    expect(new TfidfVectorizer({ maxDf: 0.5 }).fit(WORKED).vocabulary()).toEqual(['dogs', 'sat']);
    // idf still uses all n documents
    expect(new TfidfVectorizer({ minDf: 2 }).fit(WORKED).idf()[0]).toBeCloseTo(Math.log(4 / 3) + 1, 14);
  });

  it('rejects bad df settings with a UserError', () => {
    expect(() => new TfidfVectorizer({ minDf: 1.5 })).toThrow(UserError);
    expect(() => new TfidfVectorizer({ maxDf: -1 })).toThrow(UserError);
    expect(() => new TfidfVectorizer({ minDf: 3, maxDf: 1 }).fit(WORKED)).toThrow(/maxDf/);
  });

  it('custom token pattern, with a capture group', () => {
    const v = new TfidfVectorizer({ tokenPattern: /#(\w+)/g }).fit(['#tag and #other #tag']);
    expect(v.vocabulary()).toEqual(['other', 'tag']);
    const w = new TfidfVectorizer({ tokenPattern: /\p{L}+/u }).fit(['a b ab']);
    expect(w.vocabulary()).toEqual(['a', 'ab', 'b']);
  });

  it('empty vocabulary gives empty vectors instead of throwing', () => {
    const v = new TfidfVectorizer();
    const X = v.fitTransform(['', 'a !', '   ']);
    expect(v.dimension).toBe(0);
    expect(X.every((x) => x.indices.length === 0)).toBe(true);
  });

  it('transform before fit is a programming error', () => {
    expect(() => new TfidfVectorizer().transform(['x'])).toThrow(/before fit/);
  });
});

describe('compareCodePoints (Python str order)', () => {
  it('orders astral characters after the rest of the BMP, like Python', () => {
    // Python: sorted(['\U0001d400a', 'zz', '\uff21b']) == ['zz', '\uff21b', '\U0001d400a'] (0x7A < 0xFF21 < 0x1D400)
    const words = ['\u{1d400}a', 'zz', '\uff21b'];
    expect([...words].sort(compareCodePoints)).toEqual(['zz', '\uff21b', '\u{1d400}a']);
    // plain JS sort would put the surrogate pair (0xD835) before U+FF21
    expect([...words].sort()).toEqual(['zz', '\u{1d400}a', '\uff21b']);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('b', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('x', 'x')).toBe(0);
  });
});

describe('Unicode parity with scikit-learn', () => {
  it('matches TfidfVectorizer() from scikit-learn 1.9.1 on awkward Unicode', () => {
    // Pinned from Python: v = TfidfVectorizer(); X = v.fit_transform(docs)
    // ("İ".lower() is "i" + U+0307, a combining mark that is not \w, hence "stanbul")
    const docs = ['Über café naïve São Paulo 東京 ２０２０ x_y __init__ Ⅻ ½ ١٢٣ İstanbul ǅemal', 'ÀÉÎ straße ß ﬁne café'];
    const v = new TfidfVectorizer();
    const X = v.fitTransform(docs);
    expect(v.vocabulary()).toEqual([
      '__init__', 'caf\xe9', 'na\xefve', 'paulo', 'stanbul', 'stra\xdfe', 's\xe3o', 'x_y', '\xe0\xe9\xee', '\xfcber',
      '\u01c6emal', '\u0661\u0662\u0663', '\u6771\u4eac', '\ufb01ne', '\uff12\uff10\uff12\uff10',
    ]);
    expect(v.idf()[0]).toBeCloseTo(1.4054651081081644, 14);
    expect(v.idf()[1]).toBe(1);
    expect(Array.from(X[1]!.indices)).toEqual([1, 5, 8, 13]);
    const expected = [0.37997836159100784, 0.534046329052269, 0.534046329052269, 0.534046329052269];
    expected.forEach((e, i) => expect(X[1]!.values[i]).toBeCloseTo(e, 14));
  });
});

describe('TF-IDF terms found by span', () => {
  /**
   * The sklearn-default vectorizer finds terms by a hash of their span in the text (SpanTable);
   * with stop words (even none) or another pattern it slices every token and looks it up in a Map.
   * All three must give the same vocabulary and the same vectors, bit for bit.
   */
  const PIECES = ['a', 'B', 'z', '_', '7', 'é', 'Ü', 'ß', 'İ', 'ǅ', '中', '𝐀', '𐐷', '😀', ' ', ' ', '\n', '.', ',', "'", '-', '\u0301', '٣', 'ⅷ'];
  const seeded = (seed: number, n: number): string[] => {
    const rng = createRng(seed);
    return Array.from({ length: n }, () => {
      let s = '';
      const len = Math.floor(rng() * 400);
      for (let i = 0; i < len; i++) s += PIECES[Math.floor(rng() * PIECES.length)];
      return s;
    });
  };
  const flat = (v: TfidfVectorizer, docs: string[]) => v.fitTransform(docs).map((r) => [Array.from(r.indices), Array.from(r.values)]);

  it('gives the vocabulary and vectors of the Map path on seeded Unicode text', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const docs = seeded(seed, 4);
      for (const opts of [{}, { lowercase: false }, { sublinearTf: true, norm: 'l1' as const }]) {
        const fast = new TfidfVectorizer(opts);
        const byMap = new TfidfVectorizer({ ...opts, stopWords: [] });
        const byRegex = new TfidfVectorizer({ ...opts, tokenPattern: /(?:[\p{L}\p{N}_]){2,}/gu });
        const got = flat(fast, docs);
        expect(got).toEqual(flat(byMap, docs));
        expect(got).toEqual(flat(byRegex, docs));
        expect(fast.vocabulary()).toEqual(byMap.vocabulary());
        expect(Array.from(fast.idf())).toEqual(Array.from(byMap.idf()));
        // the vocabulary is the distinct terms in Python's str order (sorted by term, not via ids)
        const terms = new Set(docs.flatMap((d) => ('lowercase' in opts ? d : d.toLowerCase()).match(/(?:[\p{L}\p{N}_]){2,}/gu) ?? []));
        expect(fast.vocabulary()).toEqual([...terms].sort(compareCodePoints));
        // transform after this fit (its term index made on first use) equals fitTransform
        expect(fast.transform(docs).map((r) => [Array.from(r.indices), Array.from(r.values)])).toEqual(got);
      }
    }
  });

  it('a second fit replaces the term index transform uses', () => {
    const v = new TfidfVectorizer();
    const a = ['the cat sat', 'the dog ran'];
    const b = ['zebra yak', 'yak xylophone zebra'];
    v.fit(a);
    v.transform(a);
    v.fit(b);
    const flatT = (docs: string[]) => v.transform(docs).map((r) => [Array.from(r.indices), Array.from(r.values)]);
    expect(flatT(b)).toEqual(flat(new TfidfVectorizer(), b));
    expect(flatT(['the cat'])).toEqual([[[], []]]);
  });

  it('keeps thousands of distinct terms apart (the table grows) and counts repeats', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}x`);
    const docs = [words.join(' '), words.filter((_, i) => i % 3 === 0).join(' ') + ' w0x w0x', 'W1X w1x']; 
    const fast = new TfidfVectorizer();
    const byMap = new TfidfVectorizer({ stopWords: [] });
    expect(flat(fast, docs)).toEqual(flat(byMap, docs));
    expect(fast.dimension).toBe(5000);
  });

  it('tells apart two terms with the same hash', () => {
    expect(fnvHash('w0m65v')).toBe(fnvHash('w1a23a'));
    const docs = ['w0m65v w1a23a w1a23a', 'w1a23a', 'w0m65v other'];
    const fast = new TfidfVectorizer();
    expect(flat(fast, docs)).toEqual(flat(new TfidfVectorizer({ stopWords: [] }), docs));
    expect(fast.vocabulary()).toEqual(['other', 'w0m65v', 'w1a23a']);
  });
});
