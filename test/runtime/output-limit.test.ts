/** The most output tokens a request can take: its limit, the provider's default, else the model's largest answer. */
import { describe, expect, it } from 'vitest';
import { defineProvider } from '../../src/models/provider-manifest.js';
import { registerProvider } from '../../src/models/providers.js';
import { NO_CAPABILITIES } from '../../src/models/types.js';
import { outputBound } from '../../src/runtime/output-limit.js';
import { lookupModel } from '../../src/runtime/model-table.js';

describe('outputBound', () => {
  it("a request's own limit wins", () => {
    expect(outputBound('openai:o4-mini', 'openai', 40)).toEqual({ tokens: 40, from: 'request' });
  });

  it('without one: Anthropic sends its default 4,096; a known model is bounded by its largest answer', () => {
    expect(outputBound('anthropic:claude-sonnet-4-5', 'anthropic', undefined)).toEqual({ tokens: 4096, from: 'provider-default' });
    expect(outputBound('openai:o4-mini', 'openai', undefined)).toEqual({ tokens: 100_000, from: 'model-max' });
    expect(outputBound('openai:gpt-4o-mini-2024-07-18', 'openai', undefined)).toEqual({ tokens: 16_384, from: 'model-max' });
    expect(outputBound('openai:gpt-4.1-nano', 'openai', undefined)).toEqual({ tokens: 32_768, from: 'model-max' });
    expect(outputBound('gemini:gemini-2.0-flash-lite-001', 'gemini', undefined)).toEqual({ tokens: 8192, from: 'model-max' });
  });

  it("a provider's default comes from its manifest, a plugin's too; a bad one is refused naming the provider", async () => {
    const base = { idForm: 'x:<model>', env: [], optionKeys: [], local: false, capabilities: async () => NO_CAPABILITIES, create: async () => { throw new Error('not made in this test'); } };
    await registerProvider(defineProvider({ ...base, name: 'capped', defaultMaxTokens: 1_000 }));
    expect(outputBound('capped:any', 'capped', undefined)).toEqual({ tokens: 1_000, from: 'provider-default' });
    expect(outputBound('capped:any', 'capped', 50)).toEqual({ tokens: 50, from: 'request' });
    await expect(registerProvider(defineProvider({ ...base, name: 'capped-badly', defaultMaxTokens: 0 }), 'plugin "p.js"')).rejects.toThrow('plugin "p.js": provider "capped-badly": defaultMaxTokens must be a whole number above 0 (got 0)');
  });

  it('a model slant does not know has no bound', () => {
    expect(outputBound('openai-compatible:http://127.0.0.1:9/v1#judge', 'openai-compatible', undefined)).toBeUndefined();
    expect(outputBound('openai:some-future-model', 'openai', undefined)).toBeUndefined();
  });
});

describe('lookupModel', () => {
  it('an exact key, else the longest matching prefix*', () => {
    const t = { 'a:x*': 1, 'a:x-mini*': 2, 'a:x-mini-2': 3 };
    expect(lookupModel(t, 'a:x-mini-2')).toBe(3);
    expect(lookupModel(t, 'a:x-mini-3')).toBe(2);
    expect(lookupModel(t, 'a:x-large')).toBe(1);
    expect(lookupModel(t, 'a:y')).toBeUndefined();
  });
});
