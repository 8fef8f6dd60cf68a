import type { LanguageModel, Warning } from '../../models/types.js';
import { DECODING_PRESETS, renderCertaintyTask, type CertaintyIntervention, type CertaintyTask, type DecodingPreset } from '../../tasks/certainty-prompts.js';

export interface RewriteSettings {
  task: CertaintyTask;
  intervention?: CertaintyIntervention;
  decoding?: DecodingPreset;
  seed?: number;
}

/** One rewrite of `text` with the paper's task prompt, intervention and decoding preset. */
export async function generateRewrite(model: LanguageModel, text: string, s: RewriteSettings, signal?: AbortSignal): Promise<{ text: string; warnings: Warning[]; cached: boolean }> {
  const params = { ...DECODING_PRESETS[s.decoding ?? 'top-p'] };
  if (s.seed !== undefined) params.seed = s.seed;
  const res = await model.generate({
    messages: renderCertaintyTask(s.task, text, s.intervention ?? 'none'),
    params,
    task: { kind: s.task, input: text },
    ...(signal ? { signal } : {}),
  });
  return { text: res.text.trim(), warnings: res.warnings, cached: res.cached };
}
