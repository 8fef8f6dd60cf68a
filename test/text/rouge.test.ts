import { describe, expect, it } from 'vitest';
import { createRougeScorer, lcsLength, maxOverTargets, rougeFromTokens, rougeTokenize } from '../../src/text/rouge.js';
import { porterStem } from '../../src/text/porter-stemmer.js';

describe('rougeTokenize (rouge-score tokenizer)', () => {
  it('lowercases, splits on non-alphanumerics and stems only tokens longer than 3', () => {
    expect(rougeTokenize("The U.S. don't-stop 3.5%  rates!")).toEqual(['the', 'u', 's', 'don', 't', 'stop', '3', '5', 'rates']);
    // 'does' (4 letters) is stemmed to 'doe'; 'was' (3) is not stemmed
    expect(rougeTokenize('Running dogs was does', porterStem)).toEqual(['run', 'dog', 'was', 'doe']);
    expect(rougeTokenize('café Über')).toEqual(['caf', 'ber']);
    expect(rougeTokenize('  ... ')).toEqual([]);
  });
});

describe('ROUGE against the rouge-score README example', () => {
  // scorer = rouge_scorer.RougeScorer(['rouge1', 'rouge2', 'rougeL'], use_stemmer=True)
  // scorer.score('The quick brown fox jumps over the lazy dog', 'The quick brown dog jumps on the log.')
  // target tokens (stemmed): the quick brown fox jump over the lazi dog        (9)
  // prediction tokens:       the quick brown dog jump on the log               (8)
  // ROUGE-1 overlap = the×2 + quick + brown + dog + jump = 6 -> P = 6/8, R = 6/9, F = 12/17
  // ROUGE-2 overlap = {the quick, quick brown} = 2 -> P = 2/7, R = 2/8, F = 4/15
  // LCS = the quick brown jump the = 5 -> P = 5/8, R = 5/9, F = 10/17
  const scorer = createRougeScorer({ useStemmer: true });
  const s = scorer.score('The quick brown fox jumps over the lazy dog', 'The quick brown dog jumps on the log.');
  it('rouge1', () => {
    expect(s.rouge1.precision).toBeCloseTo(0.75, 12);
    expect(s.rouge1.recall).toBeCloseTo(0.6666666666666666, 12);
    expect(s.rouge1.fmeasure).toBeCloseTo(0.7058823529411765, 12);
  });
  it('rouge2', () => {
    expect(s.rouge2.precision).toBeCloseTo(2 / 7, 12);
    expect(s.rouge2.recall).toBeCloseTo(0.25, 12);
    expect(s.rouge2.fmeasure).toBeCloseTo(4 / 15, 12);
  });
  it('rougeL', () => {
    expect(s.rougeL.precision).toBeCloseTo(0.625, 12);
    expect(s.rougeL.recall).toBeCloseTo(5 / 9, 12);
    expect(s.rougeL.fmeasure).toBeCloseTo(10 / 17, 12);
  });
});

describe('ROUGE details', () => {
  it('stemming changes the overlap', () => {
    const stemmed = createRougeScorer({ useStemmer: true }).score('the dog runs', 'running dogs');
    const plain = createRougeScorer().score('the dog runs', 'running dogs');
    expect(stemmed.rouge1.recall).toBeCloseTo(2 / 3, 12);
    expect(plain.rouge1.fmeasure).toBe(0);
  });

  it('clips repeated n-grams and scores empty texts as zero', () => {
    const s = rougeFromTokens(['a', 'b'], ['a', 'a', 'a']);
    expect(s.rouge1.precision).toBeCloseTo(1 / 3, 12);
    expect(s.rouge1.recall).toBeCloseTo(1 / 2, 12);
    const e = rougeFromTokens([], ['a']);
    expect(e.rouge1).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
    expect(e.rougeL).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
  });

  it('lcsLength', () => {
    expect(lcsLength('ABCBDAB'.split(''), 'BDCABA'.split(''))).toBe(4);
    expect(lcsLength([], ['a'])).toBe(0);
  });

  it('scoreMulti takes, per type, the target with the highest F (first on ties)', () => {
    const scorer = createRougeScorer();
    const m = scorer.scoreMulti(['x y z', 'a b c d', 'a b'], 'a b c');
    // 'a b c d': R1 P=1 R=3/4 F=6/7 ; 'a b': P=2/3 R=1 F=4/5 -> 6/7 wins
    expect(m.rouge1.fmeasure).toBeCloseTo(6 / 7, 12);
    const tie = maxOverTargets([
      { rouge1: { precision: 1, recall: 0, fmeasure: 0.5 }, rouge2: { precision: 0, recall: 0, fmeasure: 0 }, rougeL: { precision: 0, recall: 0, fmeasure: 0 } },
      { rouge1: { precision: 0, recall: 1, fmeasure: 0.5 }, rouge2: { precision: 0, recall: 0, fmeasure: 0.1 }, rougeL: { precision: 0, recall: 0, fmeasure: 0 } },
    ]);
    expect(tie.rouge1.precision).toBe(1);
    expect(tie.rouge2.fmeasure).toBe(0.1);
  });
});

describe('interned fast path', () => {
  it('rougeFromIds equals rougeFromTokens', async () => {
    const { TokenInterner, rougeFromIds } = await import('../../src/text/rouge.js');
    const texts = [
      'the cat sat on the mat and the cat slept',
      'a cat sat on a mat',
      'the the the cat',
      'nothing in common here',
      '',
      'mat the on sat cat the',
    ].map((t) => rougeTokenize(t));
    const interner = new TokenInterner();
    const ids = texts.map((t) => interner.intern(t));
    const scratch = new Int32Array(interner.size);
    for (let i = 0; i < texts.length; i++) {
      for (let j = 0; j < texts.length; j++) {
        const a = rougeFromTokens(texts[i]!, texts[j]!);
        const b = rougeFromIds(ids[i]!, ids[j]!, scratch);
        for (const t of ['rouge1', 'rouge2', 'rougeL'] as const) {
          expect(b[t].precision).toBeCloseTo(a[t].precision, 14);
          expect(b[t].recall).toBeCloseTo(a[t].recall, 14);
          expect(b[t].fmeasure).toBeCloseTo(a[t].fmeasure, 14);
        }
      }
    }
    expect(Array.from(scratch).every((v) => v === 0)).toBe(true);
  });
});

describe('prepared targets and bit-parallel LCS', () => {
  it('agree with the dynamic programme and the string functions', async () => {
    const { TokenInterner, prepareTarget, rougeAgainstPrepared, idBigramCounts, lcsBitParallel, lcsLengthIds } = await import('../../src/text/rouge.js');
    // deterministic pseudo-random token sequences over a small vocabulary, lengths 0..80
    let seed = 7;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const seqs: string[][] = [];
    for (let i = 0; i < 40; i++) seqs.push(Array.from({ length: Math.floor(rand() * 81) }, () => `w${Math.floor(rand() * 12)}`));
    seqs.push(Array.from({ length: 64 }, (_, i) => `w${i % 5}`)); // exactly two 32-bit words
    const interner = new TokenInterner();
    const ids = seqs.map((s) => interner.intern(s));
    const scratch = new Int32Array(interner.size);
    for (let i = 0; i < seqs.length; i++) {
      const target = prepareTarget(ids[i]!);
      for (let j = 0; j < seqs.length; j += 3) {
        expect(lcsBitParallel(target, ids[j]!)).toBe(lcsLengthIds(ids[i]!, ids[j]!));
        const a = rougeFromTokens(seqs[i]!, seqs[j]!);
        const b = rougeAgainstPrepared(target, ids[j]!, idBigramCounts(ids[j]!), scratch);
        for (const t of ['rouge1', 'rouge2', 'rougeL'] as const) expect(b[t].fmeasure).toBeCloseTo(a[t].fmeasure, 14);
      }
    }
  });
});
