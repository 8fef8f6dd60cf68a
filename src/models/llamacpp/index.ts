import type { Scheduler } from '../../runtime/scheduler.js';
import { checkBaseUrl, prepareHttp, pickSetting, type ProviderOptions } from '../http.js';
import { LlamaCppModel } from './completion-model.js';
import { rawTextOption } from '../reasoning-options.js';
import { answerSettings, withSettings } from '../answer-settings.js';

export { LlamaCppModel, LLAMACPP_CAPABILITIES } from './completion-model.js';
/** per-attempt timeout for local servers unless options.timeoutMs is set */
export const LOCAL_TIMEOUT_MS = 600_000;
import { LLAMACPP_ENV } from './manifest.js';
export { LLAMACPP_ENV };
export const LLAMACPP_DEFAULT_BASE_URL = 'http://127.0.0.1:8080';

/**
 * `llamacpp:<baseURL>` (e.g. llamacpp:http://127.0.0.1:8080); the server serves one model.
 * Base URL: the id > options.baseURL > LLAMACPP_BASE_URL > http://127.0.0.1:8080.
 * Key (only if the server was started with --api-key): options.apiKey > LLAMACPP_API_KEY.
 */
export function createLlamaCppModel(rest: string, opts: ProviderOptions, scheduler: Scheduler): LlamaCppModel {
  prepareHttp();
  const env = opts.env ?? process.env;
  const url = rest.trim() !== '' ? rest.trim() : (pickSetting(opts.baseURL, env, ['LLAMACPP_BASE_URL'], LLAMACPP_DEFAULT_BASE_URL) ?? LLAMACPP_DEFAULT_BASE_URL);
  const baseURL = checkBaseUrl('llamacpp', url, rest.trim() !== '' ? 'the model id' : 'options.baseURL / LLAMACPP_BASE_URL');
  const apiKey = pickSetting(opts.apiKey, env, ['LLAMACPP_API_KEY']);
  const created = new LlamaCppModel({
    id: `llamacpp:${baseURL}`,
    baseURL,
    scheduler,
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    // local CPU inference (and loading the model on first use) can be slow: 10 min per attempt
    timeoutMs: opts.timeoutMs ?? LOCAL_TIMEOUT_MS,
    ...rawTextOption('llamacpp', opts),
  });
  // the base URL is part of the model id
  return withSettings(created, answerSettings('llamacpp', opts, { baseURL: undefined }));
}
