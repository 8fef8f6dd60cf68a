import { describe, expect, it } from 'vitest';
import { adviseStatus } from '../../src/models/http-error-advice.js';

describe('adviseStatus: what a provider error body says the user must do', () => {
  it('Anthropic "credit balance is too low" (a 400) ends the run as a quota problem (exit 4), not a config error', () => {
    const body = { type: 'error', error: { type: 'invalid_request_error', message: 'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.' } };
    expect(adviseStatus('anthropic', 400, body, body.error.message)).toMatchObject({ retryable: false, exitCode: 4 });
  });

  it('Ollama\'s "not found, try pulling it first" says to pull the model (exit 2)', () => {
    const a = adviseStatus('ollama', 404, { error: 'model "llama9" not found, try pulling it first' }, 'model "llama9" not found, try pulling it first');
    expect(a?.exitCode).toBe(2);
    expect(a?.hint).toMatch(/ollama pull/);
    expect(adviseStatus('ollama', 404, { error: 'model "llama9" not found, try pulling it first' }, 'model "llama9" not found, try pulling it first', 'llama9')?.hint).toContain('does not know the model "llama9"');
  });

  it('Anthropic refusing temperature and top_p together names both settings', () => {
    const msg = '`temperature` and `top_p` cannot both be specified for this model. Please use only one.';
    const a = adviseStatus('anthropic', 400, { type: 'error', error: { type: 'invalid_request_error', message: msg } }, msg);
    expect(a?.exitCode).toBe(2);
    expect(a?.hint).toMatch(/the model refuses the setting `topP` and `temperature`/);
  });

  it('a Gemini per-minute quota stays a retried rate limit; only a per-day one is final', () => {
    const details = (quotaId: string) => ({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'quota', details: [{ '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaId, quotaValue: '15' }] }] } });
    expect(adviseStatus('gemini', 429, details('GenerateRequestsPerMinutePerProjectPerModel-FreeTier'), 'quota')).toBeUndefined();
    expect(adviseStatus('gemini', 429, details('GenerateRequestsPerDayPerProjectPerModel-FreeTier'), 'quota')?.retryable).toBe(false);
  });

  it('a RESOURCE_EXHAUSTED whose message names a per-day limit (no QuotaFailure details) is final too', () => {
    const message = "Quota exceeded for quota metric 'Gemini 2.5 Pro Requests' and limit 'Gemini 2.5 Pro Requests per day per user per tier' of service 'generativelanguage.googleapis.com'.";
    const a = adviseStatus('gemini', 429, { error: { code: 429, message, status: 'RESOURCE_EXHAUSTED' } }, message);
    expect(a).toMatchObject({ retryable: false, exitCode: 4 });
    expect(a?.hint).toMatch(/daily quota is used up \(Gemini 2\.5 Pro Requests per day per user per tier\)/);
    const perMinute = "Quota exceeded for quota metric 'Generate Content API requests per minute' and limit 'GenerateContent request limit per minute for a region'.";
    expect(adviseStatus('gemini', 429, { error: { code: 429, message: perMinute, status: 'RESOURCE_EXHAUSTED' } }, perMinute)).toBeUndefined();
  });

  it('an OpenAI rate limit 429 (rate_limit_exceeded) stays retried', () => {
    expect(adviseStatus('openai', 429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, 'Rate limit reached')).toBeUndefined();
  });

  it('a context-length 400 is about the record, not the config (exit 4)', () => {
    const msg = "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.";
    expect(adviseStatus('openai', 400, { error: { message: msg, type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } }, msg)?.exitCode).toBe(4);
  });

  it('gives no model advice for calls that are not to a model provider (a news page 404)', () => {
    expect(adviseStatus('scrape', 404, undefined, 'Not Found')).toBeUndefined();
  });
});
