import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { PROVIDER_OPTION_KEYS } from '../../src/models/provider-options.js';
import { listProviders } from '../../src/models/registry.js';

const base = { datasets: [{ name: 'd', builtin: 'demo-reviews' }], probes: [{ name: 'framing' }] };
const refusal = (raw: unknown): string => {
  try {
    parseConfig(raw, 'slant.yaml');
  } catch (err) {
    return (err as Error).message;
  }
  return '';
};

describe('provider options a provider does not read are refused, not ignored', () => {
  it('names the key, the provider and the keys it reads, with the likely spelling', () => {
    const m = refusal({ ...base, models: [{ id: 'openai:gpt-4o-mini', options: { baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 5 } }] });
    expect(m).toContain('models[0].options.baseUrl: provider openai does not read "baseUrl" (did you mean "baseURL"?); it reads baseURL, timeoutMs, headers');
    const p = refusal({ ...base, models: [{ id: 'builtin:lead-3' }], providers: { ollama: { keep_alive: '5m' }, opneai: { baseURL: 'x' } } });
    expect(p).toContain('providers.ollama.keep_alive: provider ollama does not read "keep_alive"');
    expect(p).toContain('providers.opneai: no provider is called "opneai"');
  });

  it('accepts every documented key, limits, and embedder keys under providers', () => {
    expect(() =>
      parseConfig({
        ...base,
        models: [
          { id: 'openai:gpt-4o-mini', options: { baseURL: 'http://127.0.0.1:9/v1', timeoutMs: 5, organization: 'org-1', stream: true, maxConcurrency: 8 } },
          { id: 'ollama:llama3.2', options: { keepAlive: '5m', headers: { 'X-Source': 'slant' } } },
          { id: 'gguf:/m.gguf', options: { threads: 2, versionFrom: 'stat' } },
        ],
        providers: { openai: { dimensions: 256, prefixes: 'e5', requestsPerMinute: 500 } },
      }),
    ).not.toThrow();
    // an embedder key on a generation model is read by nothing
    expect(refusal({ ...base, models: [{ id: 'openai:gpt-4o-mini', options: { dimensions: 256 } }] })).toContain('does not read "dimensions"');
  });

  it('knows every registered provider', () => {
    expect(Object.keys(PROVIDER_OPTION_KEYS).sort()).toEqual(listProviders().map((p) => p.name).sort());
  });
});
