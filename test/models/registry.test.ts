import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { createModel, listProviders, parseModelId } from '../../src/models/registry.js';

describe('model registry', () => {
  it('parses provider ids', () => {
    expect(parseModelId('openai:gpt-4o-mini')).toEqual({ provider: 'openai', rest: 'gpt-4o-mini' });
    expect(parseModelId('openai-compatible:http://h:1/v1#m')).toEqual({ provider: 'openai-compatible', rest: 'http://h:1/v1#m' });
    expect(() => parseModelId('gpt-4o')).toThrow(UserError);
  });

  it('creates each provider from its id', async () => {
    const env = { OPENAI_API_KEY: 'k1', ANTHROPIC_API_KEY: 'k2', GEMINI_API_KEY: 'k3' };
    expect((await createModel('openai:gpt-4o-mini', { env })).provider).toBe('openai');
    expect((await createModel('anthropic:claude-x', { env })).provider).toBe('anthropic');
    expect((await createModel('gemini:gemini-2.0-flash', { env })).provider).toBe('gemini');
    expect((await createModel('ollama:llama3.2', { env })).provider).toBe('ollama');
    expect((await createModel('llamacpp:http://127.0.0.1:8080', { env })).id).toBe('llamacpp:http://127.0.0.1:8080');
    expect((await createModel('openai-compatible:http://127.0.0.1:8000/v1#m', { env })).provider).toBe('openai-compatible');
    expect((await createModel('builtin:lead-3')).id).toBe('builtin:lead-3');
  });

  it('unknown providers and gguf are UserErrors', async () => {
    await expect(createModel('nope:x')).rejects.toThrow(/unknown model provider "nope"/);
    await expect(createModel('gguf:/m.gguf')).rejects.toThrow(UserError);
    await expect(createModel('openai:gpt-4o-mini', { env: {} })).rejects.toThrow(/OPENAI_API_KEY/);
  });

  it('lists providers with capabilities and env vars', () => {
    const ps = listProviders();
    const byName = Object.fromEntries(ps.map((p) => [p.name, p]));
    expect(byName.openai?.capabilities.logprobs).toEqual({ maxTopK: 20 });
    expect(byName.openai?.capabilities.logitBias).toBe('both');
    expect(byName.llamacpp?.capabilities.mirostat).toBe(true);
    expect(byName.ollama?.capabilities.mirostat).toBe(false);
    expect(byName.anthropic?.capabilities.seed).toBe(false);
    expect(byName.gemini?.env).toContain('GOOGLE_API_KEY');
  });
});

describe('model ids never carry a key', () => {
  it('an id with a credential in its URL is a UserError that does not repeat it', () => {
    const id = 'openai-compatible:http://h:1/v1?api_key=abcd1234xyz#m';
    expect(() => parseModelId(id)).toThrow(UserError);
    expect(() => parseModelId(id)).toThrow(/looks like a credential/);
    expect(() => parseModelId(id)).not.toThrow(/abcd1234xyz/);
  });
});
