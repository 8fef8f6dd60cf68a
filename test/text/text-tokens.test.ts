import { describe, expect, it } from 'vitest';
import { pieceOf, rougeTokensOf, sharedTokens, sliceTokens, termsOf, textTokens, wordStartsOf } from '../../src/text/text-tokens.js';
import { wordStarts } from '../../src/text/tokens.js';
import { splitIntoThirdsWithOffsets } from '../../src/text/thirds.js';
import { createRougeScorer } from '../../src/text/rouge.js';
import { vader } from '../../src/judges/framing/vader.js';
import { createOfflineFramingJudge } from '../../src/judges/framing/offline-judge.js';
import { thirdSimilarities } from '../../src/probes/primacy/index.js';
import { TfidfEmbedder } from '../../src/judges/embedders/tfidf-embedder.js';
import { createRng } from '../../src/stats/rng.js';

// Each instrument's tokens as its reference defines them, by regular expressions over the whole
// text: what the shared tokenisation, read piece by piece, must reproduce.
// Python's str.split() whitespace, 0x1c-0x1f included (file, group, record and unit separators)
// eslint-disable-next-line no-control-regex -- the separators are whitespace to Python
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const pySplit = (t: string): string[] => t.split(PY_WHITESPACE).filter((x) => x !== '');
const sklearnTerms = (t: string): string[] => t.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? [];
const rougeRef = (t: string): string[] => t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').split(/\s+/).filter((x) => x !== '');
const wordRe = (t: string): number[] => [...t.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((m) => m.index);

const CORPUS = [
  "ΟΔΟΣ ΣΟΦΟΣ. Σ σ ς ΌΣΟΣ, don't it's9 rock'n'roll O’Brien foo_bar __init__ x_1 İstanbul KELVIN \u212a 12,5% café naïve",
  'tab\there\u00a0nbsp\u2003em\u001cfs\u3000ideo 😀emoji😀 "quoted (paren) end." — dash–en\u00adsoft\ufeffbom',
  '  leading and trailing  ',
  '',
  'a',
  "(Hello) world! 'Yes,' she said... THE END!!! ??",
  'The council approved the budget on Monday. Critics said it was AWFUL, but the mayor loved it!',
  'İİİ ΣΑΣ ǅungla ﬁnance Straße ＡＢＣ１２３ ٣٤ 𝐀𝐁 z̀a',
];

describe('one tokenisation per text', () => {
  it('pieces are Python str.split(); words, TF-IDF terms and ROUGE tokens are each reference tokeniser over the whole text', () => {
    for (const t of CORPUS) {
      const tt = textTokens(t);
      expect(Array.from(tt.ids, (_, i) => pieceOf(tt, i).piece), t).toEqual(pySplit(t));
      tt.ids.forEach((_, i) => expect(t.slice(tt.starts[i], tt.ends[i])).toBe(pieceOf(tt, i).piece));
      expect(wordStartsOf(tt), t).toEqual(wordRe(t));
      expect(wordStartsOf(tt), t).toEqual(wordStarts(t));
      expect(termsOf(tt), t).toEqual(sklearnTerms(t));
      expect(rougeTokensOf(tt), t).toEqual(rougeRef(t));
    }
  });

  it('a span cut from a text, inside pieces or between them, has the tokens of the span as a text of its own', () => {
    const rng = createRng(3);
    for (const t of CORPUS.filter((x) => x.length > 3)) {
      for (let k = 0; k < 40; k++) {
        const a = Math.floor(rng() * t.length);
        const b = a + Math.floor(rng() * (t.length - a + 1));
        const s = sliceTokens(textTokens(t), a, b);
        const slice = t.slice(a, b);
        expect(s.text).toBe(slice);
        expect(Array.from(s.ids, (_, i) => pieceOf(s, i).piece)).toEqual(pySplit(slice));
        expect(termsOf(s)).toEqual(sklearnTerms(slice));
        expect(wordStartsOf(s)).toEqual(wordRe(slice));
      }
    }
  });

  it('the instruments share it: VADER, the thirds and TF-IDF read the same pieces, and a third is tokenised from its text', () => {
    const t = CORPUS[6] as string;
    const tt = textTokens(t);
    expect(textTokens(t)).toBe(tt);
    const tok = vader().tokenize(t);
    expect(tok.infos.map((i) => i.piece)).toEqual(Array.from(tt.ids, (_, i) => pieceOf(tt, i).piece));
    expect(tok.starts).toEqual(tt.starts);
    const thirds = splitIntoThirdsWithOffsets(t);
    for (const p of thirds) {
      const third = textTokens(p.text);
      // the third's pieces are the text's own pieces (a lookup, not a second scan)
      const ids = new Set(tt.ids);
      for (const id of third.ids) expect(ids.has(id)).toBe(true);
    }
  });

  it('remembers the last eight texts tokenised, the oldest forgotten first', () => {
    const texts = Array.from({ length: 9 }, (_, i) => `memo text number ${i} of nine`);
    const first = textTokens(texts[0] as string);
    for (const t of texts.slice(1, 8)) textTokens(t);
    // eight texts made: the first is still shared (the same object, no second scan)
    expect(sharedTokens(texts[0] as string)).toBe(first);
    expect(textTokens(texts[0] as string)).toBe(first);
    textTokens(texts[8] as string);
    // a ninth replaced the oldest: the first is made again, equal but new
    expect(sharedTokens(texts[0] as string)).toBeUndefined();
    expect(sharedTokens(texts[1] as string)).toBeDefined();
    const again = textTokens(texts[0] as string);
    expect(again).not.toBe(first);
    expect(again.ids).toEqual(first.ids);
  });
});

// Reference values computed with the code before the shared tokenisation (each instrument
// scanning the text itself), on a text with apostrophes, underscores, capitals and accents.
describe('measured values are unchanged by the shared tokenisation', () => {
  const src = "The council approved the budget on Monday. Critics said it was AWFUL, but the mayor loved it! Schools get new money; parks don't. İstanbul's café owners, O’Brien and foo_bar, were happy — really happy. The vote ends a long fight.";
  const out = 'The mayor loved the budget, critics called it awful. Parks lose money.';

  it('VADER', () => {
    expect(vader().polarityScores(src)).toEqual({ neg: 0.126, neu: 0.565, pos: 0.309, compound: 0.9289 });
    expect(vader().polarityScores(out)).toEqual({ neg: 0.399, neu: 0.404, pos: 0.197, compound: -0.4588 });
  });

  it('the offline framing judge', () => {
    const j = createOfflineFramingJudge();
    expect(j.explain(src).probabilities).toEqual({ negative: 0.31960284584958165, neutral: 0.18575493250661035, positive: 0.49464222164380794 });
    expect(j.explain(out).probabilities).toEqual({ negative: 0.49556212636993563, neutral: 0.4479251108504465, positive: 0.056512762779617934 });
  });

  it('primacy: TF-IDF cosines of the output with the thirds', async () => {
    expect(await thirdSimilarities(new TfidfEmbedder(), src, out, 'words')).toEqual([0.45274214751877967, 0.3027205789272404, 0.07987062516608379]);
  });

  it('ROUGE with the stemmer', () => {
    const r = createRougeScorer({ useStemmer: true }).score(src, out);
    expect(r.rouge1).toEqual({ precision: 0.8333333333333334, recall: 0.22727272727272727, fmeasure: 0.35714285714285715 });
    expect(r.rouge2).toEqual({ precision: 0.2727272727272727, recall: 0.06976744186046512, fmeasure: 0.11111111111111109 });
    expect(r.rougeL).toEqual({ precision: 0.5833333333333334, recall: 0.1590909090909091, fmeasure: 0.25 });
  });
});
