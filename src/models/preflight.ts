/**
 * The preflight check of a model before a run spends anything: one free call to the provider
 * (its model-lookup or model-list endpoint, never a generation) with a short timeout and no
 * retries, so that a server that is down, a key that is refused or a model id the provider does
 * not know ends the command in seconds with what to fix (exit 2), instead of after the
 * scheduler's retries (about 25 s of silence) with exit 4.
 *
 * A rate limit (429) or a server error (5xx) on the check is not the user's to fix: the run goes
 * on and meets it, with its retries, on the first real request.
 */
import { positiveIntegerEnv } from '../core/env-number.js';
import { EXIT, UserError } from '../core/errors.js';
import { didYouMean } from '../core/did-you-mean.js';
import { ProviderHttpError, ProviderNetworkError, requestJson, type HttpCall } from './http.js';
import type { LanguageModel } from './types.js';
import { wrapLanguageModel } from './wrap.js';

/** How long the check waits for an answer (SLANT_PREFLIGHT_TIMEOUT_MS overrides it). */
const DEFAULT_PREFLIGHT_TIMEOUT_MS = 10_000;

export interface PreflightOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface PreflightCall {
  /** the GET (or POST, for Ollama's /api/show) that costs nothing and answers 404 for an unknown model */
  call: HttpCall;
  /** the model id as the user wrote it (models[].id) */
  id: string;
  /** the provider's own model name (the part after `provider:`) */
  model: string;
  /** where the address comes from, for the hint */
  addressFrom: string;
  /** a model list's answer: the names the server serves (then `model` must be one of them) */
  listed?: (json: unknown) => string[] | undefined;
}

function preflightTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  return positiveIntegerEnv('SLANT_PREFLIGHT_TIMEOUT_MS', 'milliseconds', DEFAULT_PREFLIGHT_TIMEOUT_MS, env);
}

const origin = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
};

/** Send the check; throw a UserError (exit 2) saying what to fix, or return a note for a problem that is not the user's. */
export async function preflight(p: PreflightCall, opts: PreflightOptions = {}): Promise<string | undefined> {
  const timeoutMs = opts.timeoutMs ?? preflightTimeoutMs();
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new Error('preflight timeout')), timeoutMs);
  const onAbort = (): void => timer.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const where = origin(p.call.url);
  try {
    const json = await requestJson({ ...p.call, method: p.call.method ?? 'GET', signal: timer.signal });
    const names = p.listed?.(json);
    if (names !== undefined && names.length > 0 && !names.includes(p.model)) {
      const near = didYouMean(p.model, names);
      throw new UserError(`${p.id}: the server at ${where} does not serve a model "${p.model}"`, {
        hint: `${near !== undefined ? `did you mean "${near}"? ` : ''}it serves: ${names.slice(0, 10).join(', ')}${names.length > 10 ? `, … (${names.length})` : ''}; fix the model id in slant.yaml (models[].id, judges)`,
      });
    }
    return undefined;
  } catch (err) {
    if (opts.signal?.aborted === true) throw err;
    if (timer.signal.aborted) {
      throw new UserError(`${p.id}: no answer from ${where} within ${(timeoutMs / 1000).toFixed(0)} s`, {
        hint: `is the server up and reachable from here? check the address (${p.addressFrom}); set SLANT_PREFLIGHT_TIMEOUT_MS to wait longer, or pass --no-preflight`,
      });
    }
    if (err instanceof UserError) throw err;
    if (err instanceof ProviderNetworkError) {
      throw new UserError(`${p.id}: cannot reach ${where}: ${err.message.replace(/^.*? failed: /, '')}`, { hint: `start the server, or fix the address (${p.addressFrom})` });
    }
    if (err instanceof ProviderHttpError) {
      if (err.status === 404 || err.exitCode === EXIT.usage) {
        throw new UserError(`${p.id}: ${err.message.replace(/^[^:]*: /, '')}`, {
          hint: err.hint ?? `the provider does not know the model "${p.model}" at ${where}: check the model id in slant.yaml (models[].id, judges) and the address (${p.addressFrom})`,
        });
      }
      return `${p.id}: the preflight check got HTTP ${err.status} from ${where}; the run goes on (its requests are retried)`;
    }
    throw err;
  } finally {
    clearTimeout(timeout);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The model with its preflight check made before its first request that reaches the provider
 * (under the request cache, so cached answers need none), once per model and run: `checks` is
 * shared by every wrapper of the run, and requests sent at once wait for the same check.
 */
export function withPreflight(model: LanguageModel, checks: Map<string, Promise<void>>, log?: (line: string) => void): LanguageModel {
  const check = model.preflight?.bind(model);
  if (check === undefined) return model;
  const key = `${model.id}\u0000${JSON.stringify(model.settings ?? {})}`;
  /** the check passed (in this wrapper's run): later requests go straight through, without an await each */
  let passed = false;
  const once = (): Promise<void> => {
    let p = checks.get(key);
    if (p === undefined) {
      p = check({}).then((note) => {
        if (note !== undefined) log?.(`warning: ${note}`);
      });
      checks.set(key, p);
    }
    return p.then(() => {
      passed = true;
    });
  };
  return wrapLanguageModel(model, {
    generate(next, req) {
      return passed ? next(req) : once().then(() => next(req));
    },
    stepwise(next, opts) {
      return passed ? next(opts) : once().then(() => next(opts));
    },
  });
}
