import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { audit } from '../../src/pipeline/audit.js';
import { functionModel } from '../../src/models/function-model.js';
import type { ChatMessage, GenerateParams } from '../../src/models/types.js';
import { CallLog } from '../../src/mitigations/calls.js';
import { registerPlugin } from '../../src/plugins/register.js';

const records = [
  { id: 'r1', source: 'The council approved the budget. Critics warned fares could rise. A depot will be built by 2027.' },
  { id: 'r2', source: 'Sales fell by four percent. The company blamed costs. Analysts expect a recovery next year.' },
  { id: 'r3', source: 'The trial enrolled thirty patients. Wounds closed faster. The study was not blinded.' },
];
const firstSentence = (messages: ChatMessage[]): string => {
  const text = messages.at(-1)?.content ?? '';
  return `${text.split('\n').pop()!.split('. ')[0]!.trim()}.`;
};

describe('audit() with a model object or an async function', () => {
  it('an async (messages, params) => text function writes the outputs: each request once (cached), its settings passed, its tokens costed', async () => {
    const seen: GenerateParams[] = [];
    async function pipeline(messages: ChatMessage[], params: GenerateParams) {
      seen.push(params);
      return { text: firstSentence(messages), usage: { inputTokens: 100, outputTokens: 10 } };
    }
    const results = await audit({ records, probes: ['primacy'], models: [pipeline], prices: { 'function:pipeline': { input: 1, output: 2 } } });
    expect(results.models.map((m) => m.id)).toEqual(['function:pipeline']);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ temperature: 0, maxTokens: 500, seed: 42 });
    const psi = results.probes[0]?.groups[0]?.metrics.find((m) => m.name === 'psi_pri');
    expect(psi?.n).toBe(3);
    // 3 × (100 in at $1/M + 10 out at $2/M)
    expect(results.usage?.rows[0]).toMatchObject({ model: 'function:pipeline', requests: 3, inputTokens: 300, outputTokens: 30 });
    expect(results.usage?.rows[0]?.cost).toBeCloseTo(3 * (100 * 1 + 10 * 2) / 1e6, 12);
  });

  it('a model object is used as given; the same request twice is answered from the cache', async () => {
    let calls = 0;
    const model = functionModel(async (messages) => {
      calls++;
      return firstSentence(messages);
    }, { name: 'product' });
    const twice = [...records, { ...records[0]!, id: 'r1-again' }];
    const results = await audit({ records: twice, probes: ['framing'], models: [model] });
    expect(results.models.map((m) => m.id)).toEqual(['function:product']);
    expect(calls).toBe(3);
    expect(results.usage?.rows[0]).toMatchObject({ requests: 4, cachedRequests: 1 });
  });

  it('takes mitigations like a config: each is a condition, paired with the baseline', async () => {
    async function product(messages: ChatMessage[]) {
      return firstSentence(messages);
    }
    await registerPlugin(
      {
        mitigations: [
          {
            id: 'audit-test-prefix',
            kind: 'prompt',
            title: 'a system message before the task',
            source: 'test',
            tasks: ['summarize'],
            requires: [],
            optionsSchema: z.object({}).strict(),
            applicable: () => ({ ok: true }),
            async run(ctx) {
              const log = new CallLog(ctx);
              return log.finish(await log.ask({ prefix: [{ role: 'system', content: 'Be neutral.' }] }));
            },
          },
        ],
      },
      'test plugin',
    );
    const results = await audit({ records, probes: ['primacy'], models: [product], mitigations: ['audit-test-prefix', 'chain-of-thought'] });
    const conditions = results.probes[0]?.groups.map((g) => g.labels.condition ?? 'baseline');
    expect(conditions).toEqual(['baseline', 'audit-test-prefix', 'chain-of-thought']);
  });

  it('a function that returns no text is the caller\'s error, said plainly', async () => {
    const broken = async () => 42 as unknown as string;
    await expect(audit({ records, probes: ['primacy'], models: [broken] })).rejects.toThrow(/function:broken returned number; a model function returns the answer's text/);
  });

  it('takes roles like a config: the generator as models takes them, the embedder and the judge by id; a role given twice differently is refused', async () => {
    async function writer(messages: ChatMessage[]) {
      return firstSentence(messages);
    }
    const byRole = await audit({ records, probes: ['primacy'], roles: { generator: writer, embedder: 'tfidf' } });
    const byModels = await audit({ records, probes: ['primacy'], models: [writer], judges: { embedder: 'tfidf' } });
    expect(byRole.models.map((m) => m.id)).toEqual(['function:writer']);
    expect(byRole.probes[0]?.groups[0]?.metrics).toEqual(byModels.probes[0]?.groups[0]?.metrics);
    await expect(audit({ records, probes: ['primacy'], models: [writer], roles: { generator: writer } })).rejects.toThrow('audit: give the models under test once, as models or as roles.generator');
    await expect(audit({ records, probes: ['primacy'], models: [writer], roles: { judge: 'openai:o4-mini' }, judges: { llm: 'openai:gpt-4o' } })).rejects.toThrow(/roles\.judge: names "openai:o4-mini", but judges\.llm names "openai:gpt-4o"/);
    await expect(audit({ records, probes: ['primacy'], models: [writer], roles: { moderator: 'openai:gpt-4o' } })).rejects.toThrow(/no probe of this run takes a moderator/);
  });
});
