/** The decode/ list: the six Table A5 decoding mitigations, each with defaults and an honest applicability. */
import { describe, expect, it } from 'vitest';
import { DECODE_MITIGATIONS } from '../../../src/mitigations/decode/index.js';
import { NO_CAPABILITIES, type LanguageModel } from '../../../src/models/types.js';

const stub = (provider: string, caps: Partial<typeof NO_CAPABILITIES> = {}): LanguageModel => ({
  id: `${provider}:m`,
  version: '1',
  provider,
  capabilities: { ...NO_CAPABILITIES, ...caps },
  generate: () => Promise.reject(new Error('unused')),
});

describe('DECODE_MITIGATIONS', () => {
  it('lists the six decoding mitigations of Table A5 once each, as decode mitigations of the summary tasks', () => {
    expect(DECODE_MITIGATIONS.map((m) => m.id).sort()).toEqual(['explanation-guard', 'forced-balanced-coverage', 'mirostat', 'rejection-sampling', 'self-debias', 'weighted-token-decoding']);
    for (const m of DECODE_MITIGATIONS) {
      expect(m.kind).toBe('decode');
      expect(m.requires).toEqual(['stepwise']);
      expect(m.tasks).toEqual(['summarize', 'position-summary']);
      expect(m.source).toMatch(/Table A5/);
      expect(() => m.optionsSchema.parse({ nonsense: 1 })).toThrow();
    }
  });

  it('every one runs on a model with the step-wise ability and none on Anthropic, Gemini or built-in models (with a reason)', () => {
    const withAbility: LanguageModel = { ...stub('gguf'), stepwise: () => Promise.reject(new Error('unused')) };
    for (const m of DECODE_MITIGATIONS) {
      const o = m.optionsSchema.parse({});
      expect(m.applicable(withAbility, o)).toEqual({ ok: true });
      for (const p of ['anthropic', 'gemini', 'builtin']) {
        const a = m.applicable(stub(p), o);
        expect(a.ok).toBe(false);
        if (!a.ok) expect(a.reason).toContain(p);
      }
    }
  });
});
