// measurePosition's fields on inputs where a mutant of src/probes/position/measure.ts changes them:
// sentence lists with blank entries, references given as sentence lists, the mean over references
// of every ROUGE field, the caps at their boundaries, the placeholder ROUGE of an article over the
// cap, and the size a run signal is checked against. Values are counted by hand in the comments;
// each test names the mutants it kills.
import { describe, expect, it } from 'vitest';
import { STOPPABLE_MIN_CHARS } from '../../../src/core/stoppable.js';
import { measurePosition, positionOptionsSchema, type PositionRecord } from '../../../src/probes/position/index.js';

const article = [
  'The city council approved a new budget on Monday.',
  'The budget raises spending on schools and parks.',
  'Critics said the plan ignores rising housing costs.',
  'The mayor defended the plan at a press conference.',
];
const opts = (o: Record<string, unknown> = {}) => positionOptionsSchema.parse({ K: 4, ...o });

describe('sentences given as lists', () => {
  it('blank entries of a sentence list are dropped and the others trimmed', async () => {
    // kills: the filter removed, s.trim() made s, s.length > 0 made true or >= 0 (each keeps a blank "sentence")
    const m = await measurePosition({ id: 'l', source: ['  ', article[0]!, '', article[1]!, ' \t ', article[2]!, article[3]!], references: [[article[0]!]], outputs: { m: [article[3]!, '   '] } }, opts());
    expect(m.articleSentences).toBe(4);
    expect(m.short).toBe(false);
    expect(m.outputs.m!.sentences).toBe(1);
    // four sentences in four segments: the output's one sentence maps to the last
    expect(m.outputs.m!.counts).toEqual([0, 0, 0, 1]);
  });

  it('a reference given as sentences is joined with spaces before ROUGE', async () => {
    // kills: join(' ') made join(''): "sat" + "on" would become the one token "saton"
    // ref tokens the cat sat on the mat = output tokens: every ROUGE F is 1
    const m = await measurePosition({ id: 'j', source: article, references: [['the cat sat', 'on the mat']], outputs: { m: 'the cat sat on the mat' } }, opts());
    for (const t of ['rouge1', 'rouge2', 'rougeL'] as const) expect(m.outputs.m!.rouge[t].fmeasure).toBe(1);
  });
});

describe('ROUGE over several references', () => {
  it('the mean mode averages precision, recall and F each over the references', async () => {
    // kills: the 'precision' and 'recall' keys of the averaged fields emptied (NaN)
    // output "the cat sat down" (4 tokens) against "the cat sat" (3) and "a dog ran" (no overlap):
    //   ROUGE-1 and ROUGE-L: P = 3/4, R = 3/3, F = 6/7 against the first, 0 against the second
    //   ROUGE-2: bigrams {the cat, cat sat, sat down} vs {the cat, cat sat}: P = 2/3, R = 1, F = 4/5; 0 against the second
    const r: PositionRecord = { id: 'r', source: article, references: ['the cat sat', 'a dog ran'], outputs: { m: 'the cat sat down' } };
    const mean = (await measurePosition(r, opts({ rougeMultiReference: 'mean' }))).outputs.m!.rouge;
    const c = (v: number) => expect.closeTo(v, 12);
    expect(mean.rouge1).toEqual({ precision: c(3 / 8), recall: c(1 / 2), fmeasure: c(3 / 7) });
    expect(mean.rougeL).toEqual({ precision: c(3 / 8), recall: c(1 / 2), fmeasure: c(3 / 7) });
    expect(mean.rouge2).toEqual({ precision: c(1 / 3), recall: c(1 / 2), fmeasure: c(2 / 5) });
    const max = (await measurePosition(r, opts())).outputs.m!.rouge;
    expect(max.rouge1).toEqual({ precision: c(3 / 4), recall: c(1), fmeasure: c(6 / 7) });
  });
});

describe('caps at their boundaries', () => {
  // "the cat sat" (3 ROUGE tokens) × "the cat sat down" (4) = 12 gold × output word pairs
  const r: PositionRecord = { id: 'c', source: article, references: ['the cat sat'], outputs: { m: 'the cat sat down' } };

  it('word pairs equal to maxRougeWordPairs are within the cap; one fewer allowed is over it', async () => {
    // kills: wordPairs > cap made >= (both places), `if (wordPairs > cap) m.rougeOverCap = true` made unconditional
    const at = await measurePosition(r, opts({ maxRougeWordPairs: 12 }));
    expect(at.rougeOverCap).toBeUndefined();
    expect(at.overCap).toBeUndefined();
    expect(at.excluded).toBe(false);
    expect(at.outputs.m!.rouge.rouge1.fmeasure).toBeCloseTo(6 / 7, 12);
    const over = await measurePosition(r, opts({ maxRougeWordPairs: 11 }));
    expect(over.rougeOverCap).toBe(true);
    expect(over.overCap).toBe('12 gold × output word pairs is over the cap of 11 for ROUGE-L (position option maxRougeWordPairs)');
  });

  it('an article over the ROUGE cap keeps zero placeholders for every ROUGE type of every output', async () => {
    // kills: noRouge's body emptied, its object emptied, the map to noRouge() made () => undefined
    const over = await measurePosition({ ...r, outputs: { m: 'the cat sat down', n: 'a dog' } }, opts({ maxRougeWordPairs: 11 }));
    const zero = { precision: 0, recall: 0, fmeasure: 0 };
    for (const name of ['m', 'n']) expect(over.outputs[name]!.rouge).toEqual({ rouge1: zero, rouge2: zero, rougeL: zero });
  });

  it('an article over both caps gives both reasons, joined by "; "', async () => {
    // kills: the join('; ') separator emptied
    // 4 article sentences × (1 + 1) summary sentences = 8 sentence pairs
    const both = await measurePosition(r, opts({ maxRougeWordPairs: 11, maxSentencePairs: 7 }));
    expect(both.overCap).toBe(
      '4 article sentences × 2 summary sentences is over the cap of 7 sentence pairs (position option maxSentencePairs); 12 gold × output word pairs is over the cap of 11 for ROUGE-L (position option maxRougeWordPairs)',
    );
  });
});

describe('the measurement', () => {
  it('an article of exactly K sentences is not short; references hold one placement per gold summary', async () => {
    // kills: short: N < K made true or N <= K; references: placements.slice(0, refs) made placements
    const m = await measurePosition({ id: 'k', source: article, references: [[article[0]!]], outputs: { m: [article[1]!], n: [article[3]!] } }, opts({ K: 4 }));
    expect(m.short).toBe(false);
    expect(m.references).toHaveLength(1);
    expect(m.references[0]!.counts).toEqual([1, 0, 0, 0]);
    expect((await measurePosition({ id: 'k', source: article, references: [[article[0]!]], outputs: { m: [article[1]!] } }, opts({ K: 5 }))).short).toBe(true);
  });
});

describe('the size a run signal is checked against', () => {
  // measurePosition checks an aborted signal before its synchronous work only when the texts hold at
  // least STOPPABLE_MIN_CHARS characters together (src/core/stoppable.ts). Each record below is over
  // that size only when every part is counted: a mutant that subtracts a part, drops it, or counts a
  // sentence list's sentences instead of its characters measures instead of stopping.
  const big = (chars: number): string => 'word '.repeat(Math.ceil(chars / 5));
  const part = Math.ceil(STOPPABLE_MIN_CHARS * 0.6);
  const stopped = async (r: PositionRecord): Promise<void> => {
    const ac = new AbortController();
    ac.abort(new Error('stopped by the test'));
    // caps of 1: a mutant that does not stop leaves the article out at once instead of mapping it
    await expect(measurePosition(r, opts({ maxSentencePairs: 1, maxRougeWordPairs: 1 }), { signal: ac.signal })).rejects.toThrow('stopped by the test');
  };

  it('counts the references', async () => {
    // kills: source + references made source − references, the references' sum n + textChars(r) made n − textChars(r), its reducer made () => undefined
    await stopped({ id: 's', source: big(part), references: [big(part)], outputs: { m: 'a b' } });
  });

  it('counts the outputs', async () => {
    // kills: … + outputs made … − outputs, the outputs' sum n + textChars(o) made n − textChars(o), its reducer made () => undefined
    await stopped({ id: 's', source: big(part), references: ['a b'], outputs: { m: big(part) } });
  });

  it('counts a sentence list by its characters', async () => {
    // kills: typeof t === 'string' made true (a list's length is its number of sentences)
    await stopped({ id: 's', source: [big(part), big(part)], references: ['a b'], outputs: { m: 'a b' } });
  });
});

describe('toSentences and the ROUGE stemmer', () => {
  it('toSentences splits a text and trims a list, dropping blank entries', async () => {
    // kills: the body emptied, typeof text === 'string' made true / false / !==, 'string' emptied, the trim and the
    // blank filter dropped or made () => undefined, s.length > 0 made true / false / >= 0 / <= 0
    const { toSentences } = await import('../../../src/probes/position/index.js');
    expect(toSentences(['  The cat sat. ', '', '  ', 'The dog ran.'])).toEqual(['The cat sat.', 'The dog ran.']);
    expect(toSentences('The cat sat. The dog ran.')).toEqual(['The cat sat.', 'The dog ran.']);
  });

  it('ROUGE stems words longer than three letters by default and not at all when rougeStemmer is off', async () => {
    // rouge-score with use_stemmer: "cats running" -> [cat, run], "cat runs" -> [cat, run]: ROUGE-1 F 1;
    // without stemming {cats, running} and {cat, runs} share nothing: F 0
    // kills: stem === undefined made true / false / !== (stemming never or always applied)
    const r: PositionRecord = { id: 's', source: article, references: ['cats running'], outputs: { m: 'cat runs' } };
    expect((await measurePosition(r, opts())).outputs.m!.rouge.rouge1.fmeasure).toBe(1);
    expect((await measurePosition(r, opts({ rougeStemmer: false }))).outputs.m!.rouge.rouge1.fmeasure).toBe(0);
    // unstemmed tokens still count: "cat runs" against itself is F 1 (kills tokens ?? [] made tokens && [], which empties them)
    const same: PositionRecord = { id: 's', source: article, references: ['cat runs'], outputs: { m: 'cat runs' } };
    expect((await measurePosition(same, opts({ rougeStemmer: false }))).outputs.m!.rouge.rouge1.fmeasure).toBe(1);
  });
});
