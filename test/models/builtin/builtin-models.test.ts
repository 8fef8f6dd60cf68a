import { describe, it, expect } from 'vitest';
import { createBuiltinModel, LeadModel, TextRankModel, leadK, textRank } from '../../../src/models/builtin/index.js';
import { NO_CAPABILITIES, type GenerateRequest } from '../../../src/models/types.js';
import { UserError } from '../../../src/core/errors.js';

const DOC =
  'Mr. Smith opened the store in 1990. It sold books and maps. Sales grew every year. ' +
  'In 2020 the store closed. He retired to the U.S. coast.';

const req = (input: string, extra: Partial<GenerateRequest> = {}): GenerateRequest => ({
  messages: [{ role: 'user', content: `Summarize: ${input}` }],
  task: { kind: 'summarize', input },
  ...extra,
});

describe('lead-k', () => {
  it('lead-3 returns the first three sentences', async () => {
    const r = await new LeadModel().generate(req(DOC));
    expect(r.text).toBe('Mr. Smith opened the store in 1990. It sold books and maps. Sales grew every year.');
    expect(r.warnings).toEqual([]);
    expect(r.cached).toBe(false);
    expect(r.usage).toBeUndefined();
  });

  it('returns everything when the document is shorter than k', () => {
    expect(leadK('One. Two.', 3)).toBe('One. Two.');
    expect(leadK('', 3)).toBe('');
  });

  it('has the builtin identity and no capabilities', () => {
    const m = new LeadModel(5);
    expect([m.id, m.provider, m.version]).toEqual(['builtin:lead-5', 'builtin', '1']);
    expect(m.capabilities).toEqual(NO_CAPABILITIES);
  });
});

describe('warnings and task input', () => {
  it('one unsupported-setting warning per decoding param set', async () => {
    const r = await new TextRankModel().generate(
      req(DOC, { params: { temperature: 0.7, seed: 42, maxTokens: 100, stop: [], mirostat: { mode: 2, tau: 5, eta: 0.1 } } }),
    );
    // empty stop list counts as unset
    expect(r.warnings.map((w) => [w.type, w.setting])).toEqual([
      ['unsupported-setting', 'temperature'],
      ['unsupported-setting', 'maxTokens'],
      ['unsupported-setting', 'seed'],
      ['unsupported-setting', 'mirostat'],
    ]);
    expect(r.warnings[0]!.message).toMatch(/builtin:textrank.*temperature/);
  });

  it('throws a UserError without a task', async () => {
    const m = new LeadModel();
    const p = m.generate({ messages: [{ role: 'user', content: DOC }] });
    await expect(p).rejects.toThrow(UserError);
    await expect(m.generate({ messages: [] })).rejects.toThrow(/task input/);
  });

  it('warns when the task is not a summary', async () => {
    const r = await new LeadModel().generate({ messages: [], task: { kind: 'classify-sentiment', input: DOC } });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]!.type).toBe('other');
  });
});

describe('TextRank', () => {
  // s2 shares content words with every other sentence; the others share with only one or two.
  const CENTRAL = [
    'Solar panels convert sunlight into electricity.',
    'Wind turbines generate electricity from moving air.',
    'Solar panels and wind turbines both generate clean electricity for homes.',
    'Homes with solar panels save money.',
    'Wind turbines need steady moving air.',
  ].join(' ');

  it('picks the central sentence', () => {
    const r = textRank(CENTRAL, 1);
    expect(r.selected).toEqual([2]);
    const top = Array.from(r.scores).indexOf(Math.max(...r.scores));
    expect(top).toBe(2);
  });

  it('PageRank converges and scores sum to 1', () => {
    const r = textRank(CENTRAL, 3);
    expect(r.pageRank.converged).toBe(true);
    expect(r.scores.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 10);
    expect(r.scores.length).toBe(5);
  });

  it('outputs the chosen sentences in document order', async () => {
    const r = textRank(CENTRAL, 3);
    expect(r.selected).toEqual([...r.selected].sort((a, b) => a - b));
    const out = await new TextRankModel(3).generate(req(CENTRAL));
    expect(out.text).toBe(r.selected.map((i) => r.sentences[i]).join(' '));
    expect(out.text).toContain('Solar panels and wind turbines both generate clean electricity for homes.');
  });

  it('breaks ties by position', () => {
    // no shared terms: every node is isolated, scores are uniform -> the first k win
    const r = textRank('Alpha beta. Gamma delta. Epsilon zeta. Eta theta.', 2);
    expect(r.selected).toEqual([0, 1]);
  });

  it('handles empty and one-sentence documents', () => {
    expect(textRank('', 3).selected).toEqual([]);
    expect(textRank('Just one sentence here.', 3).selected).toEqual([0]);
  });
});

describe('createBuiltinModel', () => {
  it('parses the valid ids', () => {
    expect(createBuiltinModel('builtin:lead-3').id).toBe('builtin:lead-3');
    expect(createBuiltinModel('builtin:lead').id).toBe('builtin:lead-3');
    expect(createBuiltinModel('builtin:lead-10').id).toBe('builtin:lead-10');
    expect(createBuiltinModel('builtin:textrank').id).toBe('builtin:textrank');
    expect(createBuiltinModel('builtin:textrank-3').id).toBe('builtin:textrank');
    expect(createBuiltinModel('builtin:textrank-5').id).toBe('builtin:textrank-5');
    expect(createBuiltinModel('builtin:textrank-5')).toBeInstanceOf(TextRankModel);
  });

  it.each(['builtin:lead-0', 'builtin:lead-x', 'builtin:lexrank', 'lead-3', 'builtin:textrank-', 'builtin:lead-03'])(
    'rejects %s with a UserError listing the valid ids',
    (id) => {
      expect(() => createBuiltinModel(id)).toThrow(UserError);
      expect(() => createBuiltinModel(id)).toThrow(/builtin:lead-3.*builtin:textrank/);
    },
  );
});
