import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { framingFeatures } from '../../../src/judges/framing/features.js';
import { framingNgrams } from '../../../src/judges/framing/ngram-features.js';
import { ngramProbabilities } from '../../../src/judges/framing/ngram-model.js';
import { countCues, reviewCueCounts } from '../../../src/judges/framing/review-cues.js';
import { SHIPPED_FRAMING_MODEL } from '../../../src/judges/framing/shipped.js';
import { cueTokensOfPieces } from '../../../src/judges/framing/text-pieces.js';
import { vader } from '../../../src/judges/framing/vader.js';
import { OfflineFramingJudge } from '../../../src/judges/framing/offline-judge.js';
import { framingCorpus } from './framing-corpus.js';
import { NGRAM_EDGE_TEXTS } from './ngram-texts.js';

/**
 * The shipped n-gram framing model's decisions and class probabilities on framingCorpus() plus
 * NGRAM_EDGE_TEXTS, recorded with the code before the n-gram speed-up (one scan per text, no
 * n-gram strings built for lookups) and compared bit for bit; and framingNgrams on the edge texts.
 * When the shipped model is refitted, re-record it with the code of main before this speed-up merged
 * (as done for the 2.0.0+aa6264ad refit).
 */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/framing-ngram-outputs.json', import.meta.url), 'utf8')) as {
  version: string;
  rows: { framing: string; probabilities: Record<string, number> }[];
  edges: { text: string; ngrams: string[] }[];
};

describe('n-gram framing outputs are unchanged by the speed-up', () => {
  const texts = [...framingCorpus(), ...NGRAM_EDGE_TEXTS];
  const judge = new OfflineFramingJudge();

  it('the fixture was recorded with the shipped model on this corpus', () => {
    expect(judge.version).toBe(fixture.version);
    expect(fixture.rows).toHaveLength(texts.length);
    expect(fixture.edges.map((e) => e.text)).toEqual(NGRAM_EDGE_TEXTS);
  });

  it('decisions and probabilities are identical', () => {
    texts.forEach((text, i) => {
      const e = judge.explain(text);
      expect({ framing: e.framing, probabilities: e.probabilities }, text).toEqual(fixture.rows[i]);
    });
  });

  it('the n-grams of the edge texts are identical, in order', () => {
    for (const { text, ngrams } of fixture.edges) expect([...framingNgrams(text)], text).toEqual(ngrams);
  });

  it("n-grams and review cues read from VADER's pieces equal those scanned from the whole text", () => {
    const extra = ['a\nb c', 'not\n\ngood', 'good \u2028 bad', 'İSTANBUL ist\u0130anbul \u212Aind', 'so-so\tnot bad\r\nfor the price'];
    for (const text of [...texts, ...extra]) {
      const tok = vader().tokenize(text);
      const cues = cueTokensOfPieces(tok);
      expect(countCues(cues.tokens, cues.flags), text).toEqual(reviewCueCounts(text));
      const dense = framingFeatures(text);
      expect(ngramProbabilities(SHIPPED_FRAMING_MODEL, text, dense, undefined, tok), text).toEqual(ngramProbabilities(SHIPPED_FRAMING_MODEL, text, dense));
    }
  });

  it('two models asked in turn each see their own n-grams (the pieces remember the lookups of the last model asked)', () => {
    const small = {
      kind: 'ngram-logistic' as const,
      bias: [0.1, 0, -0.1],
      ngrams: { good: [-1, 0, 1], NOT_good: [1, 0, -1], 'not NOT_good': [0.5, 0.5, -1], bad: [1, 0, -1], 'NOT_bad NOT_at': [0, 2, 0], great: [0, 0, 2], 'the price': [0, 1, 0] },
      dense: SHIPPED_FRAMING_MODEL.dense,
    };
    const extra = ['not good', 'not bad at all', 'good, not good. good\nnot\ngood', "didn't like the price"];
    for (const text of [...texts.slice(0, 60), ...extra]) {
      const tok = vader().tokenize(text);
      const dense = framingFeatures(text);
      for (const model of [small, SHIPPED_FRAMING_MODEL, small]) {
        expect(ngramProbabilities(model, text, dense, undefined, tok), text).toEqual(ngramProbabilities(model, text, dense));
      }
    }
  });
});
