import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { clearSecrets, isSecretName, redact } from '../../src/core/redact.js';
import { listProviders } from '../../src/models/registry.js';
import { NEWSAPI_ENV } from '../../src/datasets/news/sources/newsapi.js';
import { rejectConfigSecrets, resolveHeaderEnv } from '../../src/config/secrets.js';

afterEach(() => clearSecrets());

const message = (f: () => void): string => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return (err as Error).message;
  }
  throw new Error('expected a UserError');
};

describe('rejectConfigSecrets', () => {
  it('lists every credential with its key path and the variable to set, without echoing the value', () => {
    const m = message(() =>
      rejectConfigSecrets(
        {
          providers: { anthropic: { apiKey: 'abc-secret-1' }, gemini: { headers: { 'x-goog-api-key': 'abc-secret-2' } } },
          models: [
            { id: 'openai:gpt-4o', options: { baseURL: 'http://h/v1?api_key=abc-secret-3' } },
            { id: 'llamacpp:http://h', options: { nested: [{ token: 'abc-secret-4' }] } },
          ],
        },
        'slant.yaml',
      ),
    );
    expect(m).toContain('providers.anthropic.apiKey is a credential setting: remove it and set ANTHROPIC_API_KEY');
    expect(m).toContain('providers.gemini.headers.x-goog-api-key is a credential setting: remove it and set GEMINI_API_KEY');
    expect(m).toContain('models[0].options.baseURL holds a value that looks like a credential: remove it and set OPENAI_API_KEY');
    expect(m).toContain('models[1].options.nested[0].token is a credential setting: remove it and set LLAMACPP_API_KEY');
    expect(m).not.toMatch(/abc-secret/);
  });

  it('rejects a credential-shaped value anywhere else too (a key in a judge model id, a label)', () => {
    const m = message(() =>
      rejectConfigSecrets(
        { models: [{ id: 'builtin:lead-3', label: 'Bearer abc123def456ghi' }], judges: { framing: 'openai-compatible:http://h/v1?api_key=abcd1234xyz#m' } } as never,
        'slant.yaml',
      ),
    );
    expect(m).toContain('models[0].label holds a value that looks like a credential');
    expect(m).toContain('judges.framing holds a value that looks like a credential');
    expect(m).not.toMatch(/abc123def456ghi|abcd1234xyz/);
  });

  it('passes ordinary options, ordinary headers and headers that name a variable', () => {
    expect(() =>
      rejectConfigSecrets(
        {
          providers: { openai: { baseURL: 'http://127.0.0.1:8000/v1', organization: 'org-1', timeoutMs: 5, headers: { 'X-Request-Source': 'slant' } } },
          models: [{ id: 'ollama:llama3.2', options: { keepAlive: '5m', maxTokens: 9, headers: { Authorization: { env: 'GATEWAY_TOKEN' } } } }],
        },
        'slant.yaml',
      ),
    ).not.toThrow();
  });
});

describe('resolveHeaderEnv', () => {
  it('reads { env } header values from the environment and registers them as secrets', () => {
    const out = resolveHeaderEnv({ timeoutMs: 1, headers: { 'X-Gateway-Token': { env: 'GW' }, 'X-Other': 'plain' } }, { GW: 'gateway-token-value-1' });
    expect(out).toEqual({ timeoutMs: 1, headers: { 'X-Gateway-Token': 'gateway-token-value-1', 'X-Other': 'plain' } });
    expect(redact('echo gateway-token-value-1')).toBe('echo [redacted]');
  });

  it('an unset variable is a UserError naming the header and the variable', () => {
    expect(() => resolveHeaderEnv({ headers: { 'X-Gateway-Token': { env: 'GW' } } }, {})).toThrow(/X-Gateway-Token.*GW/);
  });
});

describe('every key variable a provider reads is recognised as a secret', () => {
  it('KEY variables are secret-named (so their values are registered), URL and host variables are not', () => {
    const names = [...listProviders().flatMap((p) => p.env), ...NEWSAPI_ENV];
    const keys = names.filter((n) => /KEY/.test(n));
    expect(keys).toEqual(expect.arrayContaining(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY', 'GOOGLE_API_KEY', 'OPENAI_COMPATIBLE_API_KEY', 'LLAMACPP_API_KEY', 'NEWSAPI_KEY']));
    for (const n of keys) expect(isSecretName(n), n).toBe(true);
    for (const n of names.filter((x) => !/KEY/.test(x))) expect(isSecretName(n), n).toBe(false);
  });
});
