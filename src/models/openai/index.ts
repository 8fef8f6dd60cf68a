import { UserError } from '../../core/errors.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import { checkBaseUrl, prepareHttp, pickSetting, requireKey, type ProviderOptions } from '../http.js';
import { OpenAIChatModel } from './chat-model.js';
import { rawTextOption, reasoningEffortOption } from '../reasoning-options.js';
import { REASONING_EFFORTS } from './chat-model.js';
import { answerSettings, nonDefault, withSettings } from '../answer-settings.js';

export { OpenAIChatModel, openaiCapabilities, isReasoningModel } from './chat-model.js';
import { OPENAI_ENV } from './manifest.js';
export { OPENAI_ENV };
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * `openai:<model>`. Key: options.apiKey > OPENAI_API_KEY. Base URL: options.baseURL >
 * OPENAI_BASE_URL > https://api.openai.com/v1. Extra options: stream, strictJsonSchema,
 * organization, project.
 */
export function createOpenAIModel(model: string, opts: ProviderOptions, scheduler: Scheduler): OpenAIChatModel {
  prepareHttp();
  if (model.trim() === '') throw new UserError('openai: the model id needs a model name, e.g. openai:gpt-4o-mini');
  const env = opts.env ?? process.env;
  const apiKey = requireKey('openai', opts, ['OPENAI_API_KEY']);
  const fromOpt = typeof opts.baseURL === 'string' && opts.baseURL !== '';
  const baseURL = checkBaseUrl(
    'openai',
    pickSetting(opts.baseURL, env, ['OPENAI_BASE_URL'], OPENAI_DEFAULT_BASE_URL) ?? OPENAI_DEFAULT_BASE_URL,
    fromOpt ? 'options.baseURL' : 'OPENAI_BASE_URL',
  );
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const org = pickSetting(opts.organization, env, ['OPENAI_ORG_ID']);
  const project = pickSetting(opts.project, env, ['OPENAI_PROJECT_ID']);
  if (org !== undefined) headers['openai-organization'] = org;
  if (project !== undefined) headers['openai-project'] = project;
  const created = new OpenAIChatModel({
    flavor: 'openai',
    id: `openai:${model}`,
    model,
    baseURL,
    apiKey,
    headers,
    scheduler,
    keyEnv: 'OPENAI_API_KEY',
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.stream === true ? { stream: true } : {}),
    ...(opts.strictJsonSchema === true ? { strictJsonSchema: true } : {}),
    ...reasoningEffortOption('openai', opts, REASONING_EFFORTS),
    ...rawTextOption('openai', opts),
  });
  return withSettings(created, answerSettings('openai', opts, { baseURL: nonDefault(baseURL, OPENAI_DEFAULT_BASE_URL) }));
}
