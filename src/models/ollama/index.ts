import { UserError } from '../../core/errors.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import { checkBaseUrl, prepareHttp, pickSetting, type ProviderOptions } from '../http.js';
import { OllamaModel } from './chat-model.js';
import { rawTextOption, thinkOption } from '../reasoning-options.js';
import { answerSettings, nonDefault, withSettings } from '../answer-settings.js';

export { OllamaModel, OLLAMA_CAPABILITIES } from './chat-model.js';
/** per-attempt timeout for local servers unless options.timeoutMs is set */
export const LOCAL_TIMEOUT_MS = 600_000;
import { OLLAMA_ENV } from './manifest.js';
export { OLLAMA_ENV };
export const OLLAMA_DEFAULT_HOST = 'http://127.0.0.1:11434';

/** OLLAMA_HOST may be "host:port" or "0.0.0.0" without a scheme, as the ollama CLI accepts. */
export function normalizeOllamaHost(host: string): string {
  let h = host.trim();
  if (!/^https?:\/\//i.test(h)) h = `http://${h}`;
  const u = new URL(h);
  if (u.hostname === '0.0.0.0') u.hostname = '127.0.0.1';
  if (u.port === '' && !/:\d+$/.test(host.trim()) && !/^https?:\/\//i.test(host.trim())) u.port = '11434';
  return u.toString().replace(/\/+$/, '');
}

/** `ollama:<model>`. Host: options.baseURL > OLLAMA_HOST > http://127.0.0.1:11434. No key. */
export function createOllamaModel(model: string, opts: ProviderOptions, scheduler: Scheduler): OllamaModel {
  prepareHttp();
  if (model.trim() === '') throw new UserError('ollama: the model id needs a model name, e.g. ollama:llama3.2');
  const env = opts.env ?? process.env;
  const raw = pickSetting(opts.baseURL, env, ['OLLAMA_HOST'], OLLAMA_DEFAULT_HOST) ?? OLLAMA_DEFAULT_HOST;
  let host: string;
  try {
    host = normalizeOllamaHost(raw);
  } catch {
    throw new UserError(`ollama: host from ${typeof opts.baseURL === 'string' ? 'options.baseURL' : 'OLLAMA_HOST'} is not a valid URL: "${raw}"`);
  }
  const baseURL = checkBaseUrl('ollama', host, 'OLLAMA_HOST');
  const created = new OllamaModel({
    id: `ollama:${model}`,
    model,
    baseURL,
    scheduler,
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    // local CPU inference (and loading the model on first use) can be slow: 10 min per attempt
    timeoutMs: opts.timeoutMs ?? LOCAL_TIMEOUT_MS,
    ...(typeof opts.keepAlive === 'string' ? { keepAlive: opts.keepAlive } : {}),
    ...thinkOption<boolean | string>('ollama', opts, ['low', 'medium', 'high']),
    ...rawTextOption('ollama', opts),
  });
  return withSettings(created, answerSettings('ollama', opts, { baseURL: nonDefault(baseURL, OLLAMA_DEFAULT_HOST) }));
}
