import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OFFLINE_FRAMING_CODE_VERSION, offlineFramingVersion } from '../../../src/judges/framing/judge-version.js';
import { ngramProbabilities, type NgramFramingModel } from '../../../src/judges/framing/ngram-model.js';
import { SHIPPED_FRAMING_MODEL } from '../../../src/judges/framing/shipped.js';
import { framingCorpus } from './framing-corpus.js';
import { NGRAM_EDGE_TEXTS } from './ngram-texts.js';

/** The shipped model keeps no parsed n-grams: it is compiled at load and reads them lazily. */
describe('the shipped n-gram model, compiled at load', () => {
  const raw = JSON.parse(readFileSync(new URL('../../../src/judges/framing/ngram-model.json', import.meta.url), 'utf8')) as NgramFramingModel;
  const plain: NgramFramingModel = { kind: raw.kind, bias: raw.bias, ngrams: raw.ngrams, dense: raw.dense };

  it('gives its asset\'s n-grams and the version hashed from its numbers', () => {
    expect(SHIPPED_FRAMING_MODEL.ngrams).toEqual(raw.ngrams);
    const hash = createHash('sha256').update(JSON.stringify(plain)).digest('hex').slice(0, 8);
    expect(offlineFramingVersion(SHIPPED_FRAMING_MODEL)).toBe(`${OFFLINE_FRAMING_CODE_VERSION}+${hash}`);
    expect(JSON.stringify(SHIPPED_FRAMING_MODEL)).toBe(JSON.stringify(plain));
  });

  it('scores every text exactly as the same model held as plain JSON', () => {
    const dense = SHIPPED_FRAMING_MODEL.dense.mean.map((m, j) => m + (j % 3) * 0.5);
    for (const text of [...framingCorpus(), ...NGRAM_EDGE_TEXTS]) expect(ngramProbabilities(SHIPPED_FRAMING_MODEL, text, dense), text).toEqual(ngramProbabilities(plain, text, dense));
  });
});
