import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { chatBodies, loopbackModel, runMitigation } from '../../helpers/mitigation-harness.js';
import { partialSummaries } from '../../../src/mitigations/chunk/partial-summaries.js';
import { partBudgets, weightedSummaries } from '../../../src/mitigations/chunk/weighted-summaries.js';
import { equalWordChunks, truncateWords } from '../../../src/mitigations/chunk/split.js';
import { createBuiltinModel } from '../../../src/models/builtin/index.js';

// 10 words: chunk size ⌊10/3⌋ = 3 → [w1 w2 w3] [w4 w5 w6] [w7 w8 w9 w10]
const DOC = 'one two three four five six seven eight nine ten';
// a long answer that ignores max_tokens: 60 words
const LONG = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt, body) => {
      if (prompt.startsWith('Summarize this portion')) return { text: `FINAL_SUMMARY: ${LONG}`, inputTokens: 20, outputTokens: Number(body.max_completion_tokens) };
      if (prompt.startsWith('Combine')) return { text: 'FINAL_SUMMARY: merged.', inputTokens: 20, outputTokens: 2 };
      return { text: `FINAL_SUMMARY: part of ${/text: (.*) FINAL_SUMMARY:$/s.exec(prompt)?.[1] ?? ''}`, inputTokens: 10, outputTokens: 3 };
    },
  });
});
afterAll(async () => server.close());

describe('chunking (seed 000 Table A5)', () => {
  it('equal chunks of ⌊|D|/3⌋ words, the remainder in the last chunk', () => {
    expect(equalWordChunks(DOC)).toEqual(['one two three', 'four five six', 'seven eight nine ten']);
    expect(equalWordChunks('a b')).toEqual(['a b']);
    expect(truncateWords('a b c d', 2)).toEqual({ text: 'a b', words: 2, truncated: true });
  });

  it('weighted budgets 0.33:0.34:0.33 sum to the total', () => {
    expect(partBudgets(500, [0.33, 0.34, 0.33])).toEqual([165, 170, 165]);
    expect(partBudgets(100, [0.33, 0.34, 0.33])).toEqual([33, 34, 33]);
    expect(partBudgets(10, [0.33, 0.34, 0.33]).reduce((a, b) => a + b)).toBe(10);
  });
});

describe('partial-summaries ensemble', () => {
  it('summarizes three chunks with the task prompt, then merges with the Table A7 merge prompt: 4 calls', async () => {
    const from = server.requests.length;
    const r = await runMitigation(partialSummaries, await loopbackModel(server), { id: 'd', fields: { source: DOC } });
    const bodies = chatBodies(server, from);
    expect(bodies.map((b) => b.messages[0]?.content)).toEqual([
      'Please summarize the following text: one two three FINAL_SUMMARY:',
      'Please summarize the following text: four five six FINAL_SUMMARY:',
      'Please summarize the following text: seven eight nine ten FINAL_SUMMARY:',
      'Combine the following partial summaries into one coherent summary: part of one two three\npart of four five six\npart of seven eight nine ten FINAL_SUMMARY:',
    ]);
    expect(r.calls).toBe(4);
    expect(r.fields.output).toBe('merged.');
    expect(r.steps.filter((s) => s.name.startsWith('partial summary')).map((s) => s.text)).toEqual(['part of one two three', 'part of four five six', 'part of seven eight nine ten']);
  });

  it('runs on a built-in model (it works on the chunks it is given)', async () => {
    const lead = await createBuiltinModel('builtin:lead-3');
    const source = 'A is first. B is second. C is third. D is fourth. E is fifth. F is sixth.';
    const r = await runMitigation(partialSummaries, lead, { id: 'x', fields: { source } });
    expect(partialSummaries.applicable(lead, {})).toEqual({ ok: true });
    expect(r.calls).toBe(4);
    expect(r.fields.output).toContain('A is first.');
  });
});

describe('weighted summaries', () => {
  it('asks each third within its budget (prompt and max tokens) and cuts answers that overrun it', async () => {
    const from = server.requests.length;
    const long = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    const r = await runMitigation(weightedSummaries, await loopbackModel(server), { id: 'w', fields: { source: long } }, { options: { totalTokens: 30 } });
    const bodies = chatBodies(server, from);
    expect(bodies.map((b) => b.max_completion_tokens)).toEqual([9, 12, 9]);
    expect(bodies[0]?.messages[0]?.content).toBe(`Summarize this portion in about 9 tokens: ${long.split(' ').slice(0, 10).join(' ')} FINAL_SUMMARY:`);
    expect(r.calls).toBe(3);
    const data = r.steps.map((s) => s.data as { budget: number; words: number; truncated: boolean });
    expect(data.map((d) => d.budget)).toEqual([9, 12, 9]);
    for (const d of data) {
      expect(d.words).toBeLessThanOrEqual(d.budget);
      expect(d.truncated).toBe(true);
    }
    expect(String(r.fields.output).split(' ')).toHaveLength(30);
    expect(r.warnings.filter((w) => /exceeded its budget/.test(w.message))).toHaveLength(3);
  });

  it('defaults the total to the run budget (generation.maxTokens)', async () => {
    const from = server.requests.length;
    await runMitigation(weightedSummaries, await loopbackModel(server), { id: 'w2', fields: { source: DOC } });
    expect(chatBodies(server, from).map((b) => b.max_completion_tokens)).toEqual([165, 170, 165]);
  });
});
