import { createModel } from '../../src/models/create-model.js';
import type { LanguageModel } from '../../src/models/types.js';
import type { Mitigation, MitigationResult } from '../../src/mitigations/types.js';
import type { Task, TaskRecord } from '../../src/tasks/task.js';
import { summarizeTask } from '../../src/tasks/summarize-task.js';
import { SUMMARIZE_PRESETS } from '../../src/tasks/summarize.js';
import type { LoopbackServer } from './loopback/server.js';

export const DEFAULTS = { temperature: 0, maxTokens: 500, seed: 42 };

/** An OpenAI chat model talking to a loopback server (the real HTTP adapter). */
export function loopbackModel(server: LoopbackServer): Promise<LanguageModel> {
  return createModel('openai:gpt-4o-mini', { baseURL: `${server.url}/v1`, apiKey: 'sk-loopback' });
}

export async function runMitigation(
  m: Mitigation,
  model: LanguageModel,
  record: TaskRecord,
  opts: { options?: Record<string, unknown>; task?: Task; taskOptions?: unknown } = {},
): Promise<MitigationResult> {
  return m.run({
    model,
    task: opts.task ?? summarizeTask,
    taskOptions: opts.taskOptions ?? { template: SUMMARIZE_PRESETS['alessa-summarize'] },
    record,
    options: m.optionsSchema.parse(opts.options ?? {}),
    defaults: DEFAULTS,
  });
}

/** The chat requests the server received since index `from`: messages and body. */
export function chatBodies(server: LoopbackServer, from = 0): { messages: { role: string; content: string }[]; max_completion_tokens?: number; temperature?: number }[] {
  return server.requests
    .slice(from)
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => r.body as { messages: { role: string; content: string }[] });
}
