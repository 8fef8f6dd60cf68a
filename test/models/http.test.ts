import { describe, expect, it } from 'vitest';
import { parseGoDuration, redact, retryAfterFromHeaders } from '../../src/models/http.js';
import { checkParams } from '../../src/models/warnings.js';
import { NO_CAPABILITIES } from '../../src/models/types.js';

describe('retry-after parsing', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('prefers retry-after-ms, then retry-after seconds or date', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }), now)).toBe(30_000);
  });
  it('falls back to the reset of an exhausted bucket', () => {
    const h = new Headers({
      'x-ratelimit-remaining-requests': '10',
      'x-ratelimit-reset-requests': '1s',
      'x-ratelimit-remaining-tokens': '0',
      'x-ratelimit-reset-tokens': '6m0s',
    });
    expect(retryAfterFromHeaders(h, now)).toBe(360_000);
    const a = new Headers({ 'anthropic-ratelimit-requests-remaining': '0', 'anthropic-ratelimit-requests-reset': '2025-01-01T00:00:05Z' });
    expect(retryAfterFromHeaders(a, now)).toBe(5000);
    expect(retryAfterFromHeaders(new Headers(), now)).toBeUndefined();
  });
  it('parses Go-style durations', () => {
    expect(parseGoDuration('20ms')).toBe(20);
    expect(parseGoDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseGoDuration('soon')).toBeUndefined();
  });
});

describe('redact', () => {
  it('removes given secrets and key-looking strings', () => {
    expect(redact('bad key my-secret-value here', ['my-secret-value'])).toBe('bad key [redacted] here');
    expect(redact('Incorrect API key provided: sk-proj-abc123***xyz')).toBe('Incorrect API key provided: [redacted]');
  });
});

describe('checkParams', () => {
  it('warns once per unsupported setting and ignores unset/empty ones', () => {
    const w = checkParams('p', NO_CAPABILITIES, { temperature: 1, stop: [], logitBias: {}, seed: 0, jsonSchema: { name: 'n', schema: {} } });
    expect(w.map((x) => x.setting)).toEqual(['seed', 'jsonSchema']);
  });
});
