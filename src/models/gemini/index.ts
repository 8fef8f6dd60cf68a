import { UserError } from '../../core/errors.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import { checkBaseUrl, prepareHttp, pickSetting, requireKey, type ProviderOptions } from '../http.js';
import { GeminiModel } from './generate-model.js';
import { rawTextOption, thinkingBudgetOption } from '../reasoning-options.js';
import { answerSettings, nonDefault, withSettings } from '../answer-settings.js';

export { GeminiModel, GEMINI_CAPABILITIES } from './generate-model.js';
import { GEMINI_ENV } from './manifest.js';
export { GEMINI_ENV };
export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

/** `gemini:<model>`. Key: options.apiKey > GEMINI_API_KEY > GOOGLE_API_KEY. Base URL: options.baseURL > GEMINI_BASE_URL > default. */
export function createGeminiModel(model: string, opts: ProviderOptions, scheduler: Scheduler): GeminiModel {
  prepareHttp();
  if (model.trim() === '') throw new UserError('gemini: the model id needs a model name, e.g. gemini:gemini-2.0-flash');
  const env = opts.env ?? process.env;
  const apiKey = requireKey('gemini', opts, ['GEMINI_API_KEY', 'GOOGLE_API_KEY']);
  const baseURL = checkBaseUrl(
    'gemini',
    pickSetting(opts.baseURL, env, ['GEMINI_BASE_URL'], GEMINI_DEFAULT_BASE_URL) ?? GEMINI_DEFAULT_BASE_URL,
    typeof opts.baseURL === 'string' ? 'options.baseURL' : 'GEMINI_BASE_URL',
  );
  const created = new GeminiModel({
    id: `gemini:${model}`,
    model: model.replace(/^models\//, ''),
    baseURL,
    apiKey,
    scheduler,
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...thinkingBudgetOption('gemini', opts, 0, [-1]),
    ...rawTextOption('gemini', opts),
  });
  return withSettings(created, answerSettings('gemini', opts, { baseURL: nonDefault(baseURL, GEMINI_DEFAULT_BASE_URL) }));
}
