import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { chatBodies, loopbackModel, runMitigation } from '../../helpers/mitigation-harness.js';
import { positionInvariantShuffle, shufflePermutation } from '../../../src/mitigations/rerank/position-invariant-shuffle.js';
import { attentionSortProxy, proxyAttention, sortByScore } from '../../../src/mitigations/rerank/attention-sort-proxy.js';
import { paragraphsOrSentences, periodSplit } from '../../../src/mitigations/rerank/segments.js';

const SENTENCES = ['Alpha one.', 'Bravo two.', 'Charlie three.', 'Delta four.', 'Echo five.'];
const DOC = SENTENCES.join(' ');
// three paragraphs; the fake model's answer always talks about the garden
const PARAS = 'The kitchen has a new oven and tiles.\n\nThe garden has roses and tall garden trees.\n\nThe garage holds two bikes.';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({ respond: () => ({ text: 'FINAL_SUMMARY: roses in the garden, garden trees', inputTokens: 10, outputTokens: 6 }) });
});
afterAll(async () => server.close());

describe('position-invariant shuffle (Table A5: period split, seed 42)', () => {
  it('splits at periods and applies a stored, reproducible permutation', async () => {
    expect(periodSplit('A b. C d.  E f? G.')).toEqual(['A b.', 'C d.', 'E f? G.']);
    const from = server.requests.length;
    const r = await runMitigation(positionInvariantShuffle, await loopbackModel(server), { id: 's', fields: { source: DOC } });
    const step = r.steps.find((s) => s.name === 'permutation')!;
    const perm = (step.data as { permutation: number[]; seed: number }).permutation;
    expect((step.data as { seed: number }).seed).toBe(42);
    expect([...perm].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(perm).not.toEqual([0, 1, 2, 3, 4]);
    // reproducible: the same seed gives the same permutation; the shuffled text is rebuilt from it
    expect(shufflePermutation(5, 42)).toEqual(perm);
    const shuffled = perm.map((i) => SENTENCES[i]).join(' ');
    expect(step.text).toBe(shuffled);
    expect(chatBodies(server, from)[0]?.messages[0]?.content).toBe(`The text is out of order; please summarize it fully: ${shuffled} FINAL_SUMMARY:`);
    const again = await runMitigation(positionInvariantShuffle, await loopbackModel(server), { id: 's', fields: { source: DOC } });
    expect(again.steps[0]?.data).toEqual(step.data);
  });
});

describe('attention-sort re-ordering, by proxy', () => {
  it('scores segments by answer overlap and sorts least-attended first (stable)', () => {
    expect(sortByScore(['a', 'b', 'c', 'd'], [0.5, 0.1, 0.5, 0])).toEqual(['d', 'b', 'a', 'c']);
    const s = proxyAttention('garden roses', ['kitchen oven', 'garden roses trees', 'garage bikes']);
    expect(s[1]).toBeGreaterThan(0);
    expect(s[0]).toBe(0);
  });

  it('2 iterations at paragraph granularity, then the Table A7 final prompt on the sorted order: 3 calls', async () => {
    expect(paragraphsOrSentences(PARAS).unit).toBe('paragraph');
    const from = server.requests.length;
    const r = await runMitigation(attentionSortProxy, await loopbackModel(server), { id: 'a', fields: { source: PARAS } });
    const bodies = chatBodies(server, from);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]?.messages[0]?.content).toBe(
      'CONTEXT: Segment 1: The kitchen has a new oven and tiles. Segment 2: The garden has roses and tall garden trees. Segment 3: The garage holds two bikes. TASK: Summarize: FINAL_SUMMARY:',
    );
    // the garden paragraph (most "attended": the answer is about it) moves last; the others keep their order
    expect(bodies[2]?.messages[0]?.content).toBe(
      'CONTEXT: Segment 1: The kitchen has a new oven and tiles. Segment 2: The garage holds two bikes. Segment 3: The garden has roses and tall garden trees. TASK: Summarize: FINAL_SUMMARY:',
    );
    expect(r.steps.at(-1)?.data).toEqual({ unit: 'paragraph', order: [0, 2, 1] });
    expect(r.approximations?.[0]).toMatch(/attention-sort-proxy/);
    expect(attentionSortProxy.applicable(await loopbackModel(server), { iterations: 2 })).toMatchObject({ ok: true, approximations: [expect.stringMatching(/TF-IDF/)] });
  });
});
