import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measurePosition, positionOptionsSchema } from '../../src/probes/position/index.js';
import type { PositionRecord } from '../../src/probes/position/schema.js';
import { framingProbe } from '../../src/probes/framing/index.js';
import { primacyProbe, primacyOptionsSchema } from '../../src/probes/primacy/index.js';
import { createOfflineFramingJudge } from '../../src/judges/framing/offline-judge.js';
import { TfidfEmbedder } from '../../src/judges/embedders/tfidf-embedder.js';
import { textReads } from '../../src/text/text-reads.js';

// Each probe reads a record's texts through the real instruments (sentence splitter, shared
// tokenisation, TF-IDF, ROUGE, VADER, the thirds); text-reads.ts counts every tokeniser's scans of
// a whole text, so a text read twice (one instrument scanning what another already tokenised)
// shows as a count above one per text.

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./position/fixtures/${name}`, import.meta.url), 'utf8'));
const RECORDS = fixture('one-read-records.json') as PositionRecord[];
const CONFIGS = [{}, { tfidfFit: 'per-article', topK: 2 }, { mapper: 'rouge1' }, { rougeStemmer: false, rougeMultiReference: 'mean', K: 4 }, { mapper: 'rouge1', rougeStemmer: false, K: 3, uniqueTargets: true }];

let nonce = 0;
/** The record with every text made new (no instrument has read it yet in this process). */
function fresh(r: PositionRecord): PositionRecord {
  const tag = ` Nonce${++nonce}x.`;
  const t = (x: string | string[]): string | string[] => (typeof x === 'string' ? x + tag : [...x, tag]);
  return { ...r, source: t(r.source), references: r.references.map(t), outputs: Object.fromEntries(Object.entries(r.outputs).map(([k, v]) => [k, t(v)])) };
}

/** The texts of a record as the instruments read them (sentences joined by a space), each once. */
const distinctTexts = (r: PositionRecord, withSource: boolean): number =>
  new Set([...(withSource ? [r.source] : []), ...r.references, ...Object.values(r.outputs)].map((x) => (typeof x === 'string' ? x : x.join(' ')))).size;

async function reads<T>(f: () => Promise<T>): Promise<{ pieces: number; tfidf: number; rouge: number }> {
  const before = { ...textReads };
  await f();
  return { pieces: textReads.pieces - before.pieces, tfidf: textReads.tfidf - before.tfidf, rouge: textReads.rouge - before.rouge };
}

describe('position: each text of a record is tokenised once, for the mapping and ROUGE', () => {
  it('measured values are those of the code that tokenised each text once per instrument and each article sentence once per fit', async () => {
    // measurements made by the code before the shared reading (each text scanned by ROUGE, each
    // sentence by a TfidfVectorizer per fit), in JSON: every count, flag and ROUGE score
    const want = fixture('one-read-measurements.json') as { options: object; id: string; measurement: unknown }[];
    let k = 0;
    for (const options of CONFIGS) {
      for (const r of RECORDS) {
        const m = await measurePosition(r, positionOptionsSchema.parse(options));
        const w = want[k++];
        expect([w?.id, w?.options]).toEqual([r.id, options]);
        expect(JSON.parse(JSON.stringify(m))).toEqual(w?.measurement);
      }
    }
    expect(k).toBe(want.length);
  });

  it('the tokeniser runs once per text, and neither TF-IDF nor ROUGE scans a text again', async () => {
    for (const options of [{}, { tfidfFit: 'per-article' }, { mapper: 'rouge1' }]) {
      for (const r of RECORDS.map(fresh)) {
        const n = await reads(() => measurePosition(r, positionOptionsSchema.parse(options)));
        // the news record's first and third references are the same text: read once
        expect(n, `${r.id} ${JSON.stringify(options)}`).toEqual({ pieces: distinctTexts(r, true), tfidf: 0, rouge: 0 });
      }
    }
    expect(distinctTexts(RECORDS[0] as PositionRecord, true)).toBe(1 + 2 + 5);
  });

  it('a text the mapping does not read (an article mapped by an embedder) is not tokenised', async () => {
    const embedder = { id: 'e', version: '1', mode: 'independent' as const, embed: async (texts: readonly string[]) => texts.map((t) => [t.length, 1]) };
    const r = fresh(RECORDS[1] as PositionRecord);
    const n = await reads(() => measurePosition(r, positionOptionsSchema.parse({ mapper: 'embedding' }), { embedder }));
    expect(n).toEqual({ pieces: distinctTexts(r, false), tfidf: 0, rouge: 0 });
  });
});

describe('framing and primacy: the source and the output are each tokenised once for VADER, the thirds and TF-IDF', () => {
  it('framing (offline judge) then primacy (TF-IDF): two texts, two scans', async () => {
    const judges = { framing: createOfflineFramingJudge(), embedder: new TfidfEmbedder() };
    for (const split of ['words', 'sentences', 'characters'] as const) {
      const record = { id: 'r', source: `The council approved the budget on Monday. Critics said it was awful. The mayor loved it. Parks lose money ${++nonce}.`, output: `The mayor loved the budget; critics called it awful ${nonce}.` };
      const n = await reads(async () => {
        await framingProbe.measure(record, { judges, options: {} });
        await primacyProbe.measure(record, { judges, options: primacyOptionsSchema.parse({ split }) });
      });
      expect(n, split).toEqual({ pieces: 2, tfidf: 0, rouge: 0 });
    }
  });

  it('primacy alone: the source is split into pieces for its thirds, the output scanned once by TF-IDF', async () => {
    const judges = { embedder: new TfidfEmbedder() };
    const n = await reads(() => primacyProbe.measure({ id: 'r', source: `One two three four five six ${++nonce}.`, output: `four five ${nonce}` }, { judges, options: primacyOptionsSchema.parse({}) }));
    expect(n).toEqual({ pieces: 1, tfidf: 1, rouge: 0 });
  });
});
