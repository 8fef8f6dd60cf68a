import { UserError } from '../../core/errors.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import { checkBaseUrl, prepareHttp, pickSetting, requireKey, type ProviderOptions } from '../http.js';
import { AnthropicModel } from './messages-model.js';
import { rawTextOption, thinkingBudgetOption } from '../reasoning-options.js';
import { ANTHROPIC_MIN_THINKING_BUDGET } from './messages-model.js';
import { answerSettings, nonDefault, withSettings } from '../answer-settings.js';

export { AnthropicModel, ANTHROPIC_CAPABILITIES } from './messages-model.js';
import { ANTHROPIC_ENV } from './manifest.js';
export { ANTHROPIC_ENV };
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** `anthropic:<model>`. Key: options.apiKey > ANTHROPIC_API_KEY. Base URL: options.baseURL > ANTHROPIC_BASE_URL > default. */
export function createAnthropicModel(model: string, opts: ProviderOptions, scheduler: Scheduler): AnthropicModel {
  prepareHttp();
  if (model.trim() === '') throw new UserError('anthropic: the model id needs a model name, e.g. anthropic:claude-3-5-haiku-latest');
  const env = opts.env ?? process.env;
  const apiKey = requireKey('anthropic', opts, ['ANTHROPIC_API_KEY']);
  const baseURL = checkBaseUrl(
    'anthropic',
    pickSetting(opts.baseURL, env, ['ANTHROPIC_BASE_URL'], ANTHROPIC_DEFAULT_BASE_URL) ?? ANTHROPIC_DEFAULT_BASE_URL,
    typeof opts.baseURL === 'string' ? 'options.baseURL' : 'ANTHROPIC_BASE_URL',
  );
  const created = new AnthropicModel({
    id: `anthropic:${model}`,
    model,
    baseURL,
    apiKey,
    scheduler,
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...thinkingBudgetOption('anthropic', opts, ANTHROPIC_MIN_THINKING_BUDGET),
    ...rawTextOption('anthropic', opts),
  });
  return withSettings(created, answerSettings('anthropic', opts, { baseURL: nonDefault(baseURL, ANTHROPIC_DEFAULT_BASE_URL) }));
}
