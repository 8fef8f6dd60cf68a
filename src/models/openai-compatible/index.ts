/**
 * `openai-compatible:<baseURL>#<model>`: any server speaking OpenAI Chat Completions (vLLM,
 * LM Studio, llama.cpp's /v1, TGI, hosted open-model APIs). Reuses the OpenAI wire code with
 * the 'openai-compatible' flavor: max_tokens instead of max_completion_tokens, top_k is sent,
 * logit bias by token id only (the server's tokenizer is unknown here).
 * Key (optional): options.apiKey > OPENAI_COMPATIBLE_API_KEY.
 */
import { UserError } from '../../core/errors.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import { checkBaseUrl, prepareHttp, pickSetting, type ProviderOptions } from '../http.js';
import { OpenAIChatModel, REASONING_EFFORTS } from '../openai/chat-model.js';
import { rawTextOption, reasoningEffortOption, thinkOption } from '../reasoning-options.js';
import { answerSettings, withSettings } from '../answer-settings.js';

import { OPENAI_COMPATIBLE_ENV } from './manifest.js';
export { OPENAI_COMPATIBLE_ENV };

/** Split "<baseURL>#<model>"; the base URL may also come from options or env. */
export function parseCompatibleId(rest: string, opts: ProviderOptions): { baseURL: string; model: string } {
  const hash = rest.lastIndexOf('#');
  const example = 'openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen2.5-7B-Instruct';
  // a URL with no "#model": the model name was left out, or a YAML comment ate it (` #model`)
  if (hash < 0 && /^\s*https?:\/\//i.test(rest)) {
    throw new UserError(`openai-compatible: no model name in "${rest}": the model goes after "#", as in openai-compatible:${rest.trim()}#<model> (e.g. ${example})`, {
      hint: `in slant.yaml a "#" after a space starts a comment, so "…/v1 #model" loses the model: write no space before "#", or quote the id; the server lists its models at ${rest.trim().replace(/\/+$/, '')}/models`,
    });
  }
  if (hash >= 0 && (/\s$/.test(rest.slice(0, hash)) || /^\s/.test(rest.slice(hash + 1)))) {
    throw new UserError(`openai-compatible: a space beside "#" in "${rest}": write <baseURL>#<model> with nothing between them, e.g. ${example}`);
  }
  const urlPart = hash >= 0 ? rest.slice(0, hash) : '';
  const model = hash >= 0 ? rest.slice(hash + 1) : rest;
  const env = opts.env ?? process.env;
  // the URL in the id is the most explicit; then options.baseURL; then the environment
  const url = urlPart !== '' ? urlPart : pickSetting(opts.baseURL, env, ['OPENAI_COMPATIBLE_BASE_URL']);
  if (url === undefined)
    throw new UserError(`openai-compatible: no base URL in "${rest}". Use openai-compatible:<baseURL>#<model>, e.g. openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen2.5-7B-Instruct`);
  if (model.trim() === '') throw new UserError(`openai-compatible: no model name in "${rest}" (expected <baseURL>#<model>)`);
  return { baseURL: checkBaseUrl('openai-compatible', url, 'the model id'), model };
}

export function createOpenAICompatibleModel(rest: string, opts: ProviderOptions, scheduler: Scheduler): OpenAIChatModel {
  prepareHttp();
  const { baseURL, model } = parseCompatibleId(rest, opts);
  const apiKey = pickSetting(opts.apiKey, opts.env ?? process.env, ['OPENAI_COMPATIBLE_API_KEY']);
  const created = new OpenAIChatModel({
    flavor: 'openai-compatible',
    id: `openai-compatible:${baseURL}#${model}`,
    model,
    baseURL,
    scheduler,
    keyEnv: 'OPENAI_COMPATIBLE_API_KEY',
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.stream === true ? { stream: true } : {}),
    ...(opts.strictJsonSchema === true ? { strictJsonSchema: true } : {}),
    ...reasoningEffortOption('openai-compatible', opts, REASONING_EFFORTS),
    ...thinkOption<boolean>('openai-compatible', opts),
    ...rawTextOption('openai-compatible', opts),
  });
  // the base URL is part of the model id
  return withSettings(created, answerSettings('openai-compatible', opts, { baseURL: undefined }));
}
