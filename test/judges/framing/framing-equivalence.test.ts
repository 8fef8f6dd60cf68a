import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { framingFeatures, sentenceCompounds } from '../../../src/judges/framing/features.js';
import { FITTED_FRAMING_MODEL } from '../../../src/judges/framing/fitted-params.js';
import { OfflineFramingJudge } from '../../../src/judges/framing/offline-judge.js';
import { Vader, vader, type VaderScores } from '../../../src/judges/framing/vader.js';
import { vaderLexicon } from '../../../src/judges/framing/vader-lexicon.js';
import { framingCorpus } from './framing-corpus.js';

interface Row {
  text: string;
  raw: VaderScores;
  sentiments: number[];
  positional: VaderScores;
  sentenceCompounds: number[];
  features: number[];
  explain: { framing: string; probabilities: Record<string, number> };
}

/**
 * The offline framing judge's outputs on a fixed corpus, recorded before the VADER/feature speed-up
 * and compared bit for bit: the optimisation may not change one result.
 */
const fixture = JSON.parse(readFileSync(new URL('./fixtures/framing-outputs.json', import.meta.url), 'utf8')) as { rows: Row[] };

/** as stored in the fixture (JSON has no -0; every other double round-trips exactly) */
const asJson = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

describe('framing outputs are unchanged by the speed-up', () => {
  const texts = framingCorpus();
  it('the corpus is the one the fixture was recorded on', () => {
    expect(fixture.rows.map((r) => r.text)).toEqual(texts);
    expect(texts.length).toBeGreaterThan(2000);
  });
  it('VADER scores, per-token sentiments, sentence compounds, features and decisions are identical', () => {
    const positional = new Vader(vaderLexicon(), { butRule: 'positional' });
    // the fixture's decisions were recorded with the VADER-features model (1.0.0), no longer the default
    const judge = new OfflineFramingJudge({ model: FITTED_FRAMING_MODEL });
    let framings = 0;
    for (const row of fixture.rows) {
      const { text } = row;
      expect(asJson(vader().rawScores(text)), text).toEqual(row.raw);
      expect(asJson(vader().sentiments(text)), text).toEqual(row.sentiments);
      expect(asJson(positional.rawScores(text)), text).toEqual(row.positional);
      expect(asJson(sentenceCompounds(text)), text).toEqual(row.sentenceCompounds);
      expect(asJson(framingFeatures(text)), text).toEqual(row.features);
      const e = judge.explain(text);
      expect(asJson({ framing: e.framing, probabilities: e.probabilities }), text).toEqual(row.explain);
      framings++;
    }
    expect(framings).toBe(texts.length);
  });
});
