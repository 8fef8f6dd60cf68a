/**
 * Chains of mitigations: a prompt mitigation that only changes the instruction, then one that
 * decodes (here preserve-certainty, then greedy decoding): one request with both, the chain in the
 * condition key, single-mitigation keys unchanged; chains that cannot compose refused, naming the
 * config file, the entry and why. Real HTTP adapter against the loopback server.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { loopbackModel } from '../helpers/mitigation-harness.js';
import { baselineMitigation } from '../../src/mitigations/baseline.js';
import { preserveCertainty } from '../../src/mitigations/prompt/preserve-certainty.js';
import { greedyDecoding } from '../../src/mitigations/settings/greedy-decoding.js';
import { certaintyRewriteTask } from '../../src/tasks/certainty-rewrite-task.js';
import { planConditions } from '../../src/pipeline/plan-conditions.js';
import { parseConfig, loadConfigWithPlugins } from '../../src/config/load.js';
import { createModel } from '../../src/models/create-model.js';
import { chainMitigation, mitigationWithOptions } from '../../src/mitigations/chain.js';
import { CallLog } from '../../src/mitigations/calls.js';
import { summarizeTask } from '../../src/tasks/summarize-task.js';
import { MitigationNotApplicableError, type Mitigation } from '../../src/mitigations/types.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({ respond: () => ({ text: 'A rewrite.', inputTokens: 5, outputTokens: 2 }) });
});
afterAll(async () => server.close());

const base = { models: [{ id: 'builtin:lead-3' }], datasets: [{ name: 'd', builtin: 'demo-reviews' }], probes: [{ name: 'framing' }] };
const conditions = (mitigations: unknown) => planConditions(parseConfig({ ...base, mitigations }).mitigations);

describe('chains of mitigations', () => {
  it('an instruction then greedy decoding: one request carrying both, counted as one call', async () => {
    const [, chain] = await conditions([{ chain: ['preserve-certainty', 'greedy-decoding'] }]);
    const model = await loopbackModel(server);
    const ctx = { model, task: certaintyRewriteTask, taskOptions: { task: 'spiced-paraphrase', intervention: 'none', decoding: 'top-p' }, record: { id: 'c', fields: { original: 'X may help.' } }, defaults: { temperature: 0, maxTokens: 500, seed: 42 } };
    const from = server.requests.length;
    const res = await chain!.mitigation.run({ ...ctx, options: chain!.options });
    await preserveCertainty.run({ ...ctx, options: {} });
    await greedyDecoding.run({ ...ctx, options: {} });
    await baselineMitigation.run({ ...ctx, options: {} });
    const [chained, instruction, greedy, plain] = server.requests.slice(from).filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as { messages: unknown; temperature?: number; top_p?: number });
    // the instruction of preserve-certainty, the decoding of greedy-decoding
    expect(chained!.messages).toEqual(instruction!.messages);
    expect(chained!.messages).not.toEqual(plain!.messages);
    expect(chained!.temperature).toBe(0);
    expect(chained).not.toHaveProperty('top_p');
    expect(instruction).toMatchObject({ temperature: 1, top_p: 0.9 });
    expect({ ...chained, messages: null }).toEqual({ ...greedy, messages: null });
    expect(res).toMatchObject({ fields: { rewrite: 'A rewrite.' }, calls: 1, usage: { inputTokens: 5, outputTokens: 2 } });
  });

  it('a plugin\'s instruction mitigation leads a plugin\'s decoding one: one request, the plugin\'s instruction at the decoding\'s temperature', async () => {
    const template = 'Summarize the following text and keep every hedge.\n\n{{document}}';
    const keepHedges: Mitigation = { ...baselineMitigation, id: 'keep-hedges', kind: 'prompt', tasks: ['summarize'], instruction: { template }, run: () => Promise.reject(new Error('not run in a chain')) };
    const warm: Mitigation = {
      ...baselineMitigation,
      id: 'warm',
      kind: 'decode',
      tasks: ['summarize'],
      async run(ctx) {
        const log = new CallLog(ctx);
        return log.finish(await log.ask({ params: { temperature: 0.7 } }));
      },
    };
    const chain = chainMitigation([mitigationWithOptions(keepHedges, undefined), mitigationWithOptions(warm, undefined)]);
    const model = await loopbackModel(server);
    const ctx = { model, task: summarizeTask, taskOptions: { template: 'Summarize:\n\n{{document}}' }, record: { id: 's', fields: { source: 'It may rain. Roads might close.' } }, options: {}, defaults: { temperature: 0, maxTokens: 500, seed: 42 } };
    const from = server.requests.length;
    await chain.run(ctx);
    const bodies = server.requests.slice(from).filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as { messages: { role: string; content: string }[]; temperature?: number });
    expect(bodies).toHaveLength(1);
    const user = bodies[0]!.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
    expect(user).toBe('Summarize the following text and keep every hedge.\n\nIt may rain. Roads might close.');
    expect(bodies[0]!.temperature).toBe(0.7);
    // a decoding mitigation that writes its own prompt would drop the instruction: not applicable, never silently
    const ownPrompt: Mitigation = { ...warm, id: 'own-prompt', async run(c) {
      const log = new CallLog(c);
      return log.finish(await log.ask({ template: 'Other:\n\n{{document}}' }));
    } };
    const clash = chainMitigation([mitigationWithOptions(keepHedges, undefined), mitigationWithOptions(ownPrompt, undefined)]);
    await expect(clash.run(ctx)).rejects.toThrow(MitigationNotApplicableError);
    await expect(clash.run(ctx)).rejects.toThrow(/own-prompt writes the task's template itself, which would replace the instruction of keep-hedges/);
  });

  it('the chain is in the condition key (members\' keys with their options, joined by "+"); single-mitigation keys are unchanged', async () => {
    const cs = await conditions(['preserve-certainty', { chain: ['preserve-certainty', 'greedy-decoding'] }, { chain: ['preserve-semantics', { id: 'greedy-decoding' }], label: 'semantics, greedy' }]);
    expect(cs.map((c) => [c.key, c.label])).toEqual([
      ['baseline', 'baseline'],
      ['preserve-certainty', 'preserve-certainty'],
      ['preserve-certainty+greedy-decoding', 'preserve-certainty+greedy-decoding'],
      ['preserve-semantics+greedy-decoding', 'semantics, greedy'],
    ]);
    expect(cs[3]!.mitigation.tasks).toEqual(['certainty-rewrite']);
    // a member's options are in its part of the key
    const [, withOptions] = await conditions([{ chain: ['role-play', { id: 'mirostat', options: { eta: 0.2 } }] }]);
    expect(withOptions!.key).toBe('role-play+mirostat:{"eta":0.2}');
    expect(withOptions!.mitigation.tasks).toEqual(['position-summary']);
  });

  it('applies where every member does; a member that cannot run on the model says which', async () => {
    const [, chain] = await conditions([{ chain: ['preserve-certainty', 'greedy-decoding'] }]);
    expect(chain!.mitigation.applicable(await loopbackModel(server), {})).toEqual({ ok: true });
    const blind = await createModel('builtin:lead-3');
    const a = chain!.mitigation.applicable(blind, {});
    expect(a.ok).toBe(false);
    expect(!a.ok && a.reason).toMatch(/^preserve-certainty: .*does not read prompts/);
  });

  it('refuses chains that cannot compose, saying why', async () => {
    // a strategy of its own first
    await expect(conditions([{ chain: ['greedy-decoding', 'preserve-certainty'] }])).rejects.toThrow(/mitigations\[0\] \(chain greedy-decoding \+ preserve-certainty\): these mitigations cannot be chained: "greedy-decoding" runs a strategy of its own/);
    // two instructions
    await expect(conditions([{ chain: ['preserve-semantics', 'preserve-certainty'] }])).rejects.toThrow(/the last mitigation must be a decoding one/);
    await expect(conditions([{ chain: ['preserve-semantics', 'preserve-certainty', 'greedy-decoding'] }])).rejects.toThrow(/"preserve-semantics" and "preserve-certainty" both set the task's variant/);
    // no task both wrap
    await expect(conditions([{ chain: ['prompt-calibration', 'greedy-decoding'] }])).rejects.toThrow(/no task is wrapped by all of them \(prompt-calibration: fact-check; greedy-decoding: certainty-rewrite\)/);
    // re-ordering writes the shuffle's own prompt, which an instruction cannot pass through
    await expect(conditions([{ chain: ['role-play', 'position-invariant-shuffle'] }])).rejects.toThrow(/"position-invariant-shuffle" is a rerank mitigation/);
    // a measurement variant, the baseline, twice the same
    await expect(conditions([{ chain: ['preserve-certainty', { id: 'mapping-top-k', options: { k: 2 } }] }])).rejects.toThrow(/generates nothing: it cannot be chained/);
    await expect(conditions([{ chain: ['baseline', 'greedy-decoding'] }])).rejects.toThrow(/the baseline is the task alone/);
    await expect(conditions([{ chain: ['greedy-decoding', 'greedy-decoding'] }])).rejects.toThrow(/"greedy-decoding" is in it twice/);
    // an answer read after FINAL_SUMMARY: needs the prompt mitigation's own reader
    await expect(conditions([{ chain: ['cloze-style', 'mirostat'] }])).rejects.toThrow(/"cloze-style" runs a strategy of its own/);
    // one step is no chain (the config schema says so)
    expect(() => parseConfig({ ...base, mitigations: [{ chain: ['greedy-decoding'] }] })).toThrow(/mitigations/);
    // a member's bad options, named as for one mitigation
    await expect(conditions([{ chain: ['preserve-certainty', { id: 'mirostat', options: { eta: -1 } }] }])).rejects.toThrow(/mitigations\.mirostat\.options\.eta/);
  });

  it('a config file with a chain that cannot compose: the error names the file and the entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-chain-'));
    const file = join(dir, 'slant.yaml');
    writeFileSync(file, 'models: [{ id: builtin:lead-3 }]\ndatasets: [{ name: d, builtin: demo-reviews }]\nprobes: [{ name: framing }]\nmitigations:\n  - cloze-style\n  - { chain: [greedy-decoding, preserve-certainty], label: wrong-way-round }\n');
    await expect(loadConfigWithPlugins(file)).rejects.toThrow(`${file}: mitigations[1] (chain greedy-decoding + preserve-certainty): these mitigations cannot be chained`);
    writeFileSync(file, 'models: [{ id: builtin:lead-3 }]\ndatasets: [{ name: d, builtin: demo-reviews }]\nprobes: [{ name: framing }]\nmitigations:\n  - { chain: [preserve-certainty, greedy-decoding] }\n');
    expect((await loadConfigWithPlugins(file)).mitigations).toEqual([{ chain: ['preserve-certainty', 'greedy-decoding'] }]);
  });
});
