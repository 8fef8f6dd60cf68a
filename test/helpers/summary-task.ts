/** A minimal summarize Task for tests of mitigations (the real tasks live in src/tasks/). */
import type { MitigationContext } from '../../src/mitigations/types.js';
import type { Task, TaskRecord } from '../../src/tasks/task.js';
import type { LanguageModel } from '../../src/models/types.js';

export const summaryTask: Task = {
  kind: 'summarize',
  document: (r) => String(r.fields.source ?? ''),
  render: (r, _o, d, ov) => ({
    messages: [...(ov?.prefix ?? []), { role: 'user', content: `Summarize: ${ov?.document ?? String(r.fields.source ?? '')}` }],
    params: { temperature: d.temperature, maxTokens: d.maxTokens, seed: d.seed, ...(ov?.params ?? {}) },
  }),
  parse: (text) => ({ fields: { output: text.trim() }, warnings: [] }),
};

/** beginning: people / said / good; middle: report / great / happy; end: terrible / bad / sad */
export const SOURCE = 'the people said good news and the people said good things. the report was great and very happy. the report is great. terrible bad sad news was not happy and very terrible and sad.';

export function record(source = SOURCE): TaskRecord {
  return { id: 'r1', fields: { source } };
}

export function context<O>(model: LanguageModel, options: O, defaults = { temperature: 0.8, maxTokens: 24, seed: 5 }): MitigationContext<O> {
  return { model, task: summaryTask, taskOptions: {}, record: record(), options, defaults };
}
