import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { legacyNotes, planConditions } from '../../src/pipeline/plan-conditions.js';
import { MITIGATIONS } from '../../src/mitigations/registry.js';
import { configJsonSchema } from '../../src/config/schema.js';

const base = { models: [{ id: 'builtin:lead-3' }], datasets: [{ name: 'd', builtin: 'demo-reviews' }], probes: [{ name: 'framing' }] };

describe('conditions from config `mitigations:`', () => {
  it('absent: the baseline only; listed: baseline first (added when missing), options in the key, labels', async () => {
    expect((await planConditions(undefined)).map((c) => c.key)).toEqual(['baseline']);
    expect((await planConditions(['baseline'])).map((c) => c.key)).toEqual(['baseline']);
    const cs = await planConditions(parseConfig({ ...base, mitigations: ['self-awareness', { id: 'weighted-summaries', options: { totalTokens: 150 }, label: 'ws-150' }] }).mitigations);
    expect(cs.map((c) => [c.key, c.label])).toEqual([
      ['baseline', 'baseline'],
      ['self-awareness', 'self-awareness'],
      ['weighted-summaries:{"totalTokens":150}', 'ws-150'],
    ]);
    expect(cs[2]?.options).toEqual({ totalTokens: 150, ratio: [0.33, 0.34, 0.33] });
  });

  it('`all` is every registered mitigation, baseline first (studies run as conditions left out)', async () => {
    const cs = await planConditions('all');
    expect(cs.map((c) => c.key)).toEqual(MITIGATIONS.map((m) => m.id).filter((id) => id !== 'broken-telephone' && id !== 'mapping-top-k'));
    expect((await planConditions([{ id: 'mapping-top-k', options: { k: 3 } }])).map((c) => c.key)).toEqual(['baseline', 'mapping-top-k:{"k":3}']);
    expect((await planConditions([{ id: 'broken-telephone' }])).map((c) => c.key)).toEqual(['baseline', 'broken-telephone']);
    expect(cs[0]?.key).toBe('baseline');
  });

  it('refuses unknown ids, bad options and duplicates with the key named', async () => {
    await expect(planConditions(['self-awarenes'])).rejects.toThrow(/unknown mitigation "self-awarenes"; available: baseline, self-awareness/);
    await expect(planConditions([{ id: 'weighted-summaries', options: { totalTokens: -1 } }])).rejects.toThrow(/mitigations\.weighted-summaries\.options\.totalTokens/);
    await expect(planConditions(['cloze-style', 'cloze-style'])).rejects.toThrow(/listed twice/);
    expect(() => parseConfig({ ...base, mitigations: 'some' })).toThrow(/mitigations/);
  });

  it('is in the config JSON Schema', () => {
    expect(JSON.stringify((configJsonSchema().properties as Record<string, unknown>).mitigations)).toContain('"all"');
  });
});

describe('legacy mitigation settings', () => {
  it('keep working with a deprecation note naming the mitigation', () => {
    const notes = legacyNotes(
      parseConfig({
        ...base,
        generation: { prompt: 'alessa-self-awareness' },
        probes: [
          { name: 'hallucination', options: { strategy: 'Knowledge Boundary Aware' } },
          { name: 'certainty', options: { intervention: 'preserve-certainty', decoding: 'greedy' } },
          { name: 'position', options: { rolePlay: true } },
        ],
      }),
    );
    expect(notes).toEqual([
      expect.stringMatching(/^generation\.prompt: alessa-self-awareness is deprecated; use `mitigations: \[baseline, self-awareness\]`/),
      expect.stringMatching(/strategy: Knowledge Boundary Aware is deprecated; use `mitigations: \[baseline, knowledge-boundary-awareness\]`/),
      expect.stringMatching(/intervention: preserve-certainty is deprecated; use `mitigations: \[baseline, preserve-certainty\]`/),
      expect.stringMatching(/decoding: greedy is deprecated; use `mitigations: \[baseline, greedy-decoding\]`/),
      expect.stringMatching(/rolePlay: true is deprecated; use `mitigations: \[baseline, role-play\]`/),
    ]);
    expect(legacyNotes(parseConfig(base))).toEqual([]);
  });

  it('are refused together with `mitigations:`', () => {
    expect(() => legacyNotes(parseConfig({ ...base, generation: { prompt: 'alessa-self-awareness' }, mitigations: ['cloze-style'] }))).toThrow(/would turn the baseline into a mitigated task/);
  });
});
