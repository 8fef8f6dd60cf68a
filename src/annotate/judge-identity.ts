/**
 * Which judge a study's judge column is, in the terms runs use (id and version), so that its card
 * from `slant annotate stats --save-card` is found by later runs with that judge. A column is
 * named by a judge spec as `slant validate` and `slant run` take it: "offline" or a model id
 * ("openai:o4-mini"). Columns of studies made from a run ("framing:offline", "offline", a model
 * id) and judge ids ("offline-framing", "llm-framing:<model>", "certainty-offline",
 * "certainty-llm:<model>") are recognised; other names need `--judge <column>=<spec>`.
 */
import { UserError } from '../core/errors.js';
import type { ItemRow } from './study-store.js';
import type { JudgeIdentity } from './study-cards.js';

const MODEL_ID = /^[a-z][a-z0-9-]*:/;

/** The judge spec a column name stands for, or undefined when the name says nothing. */
export function defaultJudgeSpec(kind: 'framing' | 'certainty', name: string): string | undefined {
  // an LLM judge with a moderator is not one model spec: name it with --judge … (not supported yet)
  if (name.includes('+moderator:')) return undefined;
  const prefixes = kind === 'framing' ? ['framing:', 'llm-framing:'] : ['certainty-llm:'];
  for (const p of prefixes) if (name.startsWith(p)) return name.slice(p.length);
  if (name === 'offline' || name === (kind === 'framing' ? 'offline-framing' : 'certainty-offline')) return 'offline';
  if (MODEL_ID.test(name)) return name;
  return undefined;
}

/** Parses `--judge column=spec` flags. */
export function parseJudgeMappings(flags: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of flags) {
    const i = f.indexOf('=');
    if (i <= 0 || i === f.length - 1) throw new UserError(`--judge expects <study judge>=<judge spec>, e.g. gpt=openai:gpt-5.4-mini or my_judge=offline; got "${f}"`);
    out[f.slice(0, i)] = f.slice(i + 1);
  }
  return out;
}

/**
 * The id and version of the judge a spec makes (created as `slant validate` creates it; no
 * request is sent). Offline judges also count the study's items they were fitted on.
 */
export async function resolveJudge(kind: 'framing' | 'certainty', spec: string, items: readonly ItemRow[]): Promise<JudgeIdentity> {
  if (kind === 'framing') {
    const { createFramingJudge } = await import('../judges/registry.js');
    const judge = await createFramingJudge(spec);
    if (judge.id !== 'offline-framing') return { id: judge.id, version: judge.version };
    const { inOfflineFramingTrainingSet } = await import('../judges/framing/training-overlap.js');
    return { id: judge.id, version: judge.version, inTraining: items.filter((i) => inOfflineFramingTrainingSet(i.content.text ?? '')).length };
  }
  if (spec === 'offline') {
    const { OfflineCertaintyComparator } = await import('../judges/certainty/offline-comparator.js');
    const { inOfflineTrainingSet } = await import('../judges/certainty/training-overlap.js');
    const c = new OfflineCertaintyComparator();
    return { id: c.id, version: c.cardVersion, inTraining: items.filter((i) => inOfflineTrainingSet(i.content.original ?? '') || inOfflineTrainingSet(i.content.rewrite ?? '')).length };
  }
  if (!MODEL_ID.test(spec)) throw new UserError(`unknown certainty judge "${spec}"; use "offline" or a model id such as "openai:o4-mini"`);
  const { LlmCertaintyJudge } = await import('../judges/certainty/llm-judge.js');
  const { createModel } = await import('../models/create-model.js');
  const j = new LlmCertaintyJudge(await createModel(spec));
  return { id: j.id, version: j.version };
}

/** Every judge column of the study: its identity, or none when neither a mapping nor its name says which judge it is. */
export async function resolveStudyJudges(kind: 'framing' | 'certainty', items: readonly ItemRow[], mappings: Record<string, string>): Promise<{ identities: Record<string, JudgeIdentity>; unresolved: string[] }> {
  const task = items.filter((i) => i.role === 'task');
  const names = [...new Set(task.flatMap((i) => Object.keys(i.judges)))].sort();
  for (const m of Object.keys(mappings)) if (!names.includes(m)) throw new UserError(`--judge ${m}=…: the study has no judge "${m}" (its judges: ${names.join(', ') || 'none'})`);
  const identities: Record<string, JudgeIdentity> = {};
  const unresolved: string[] = [];
  for (const name of names) {
    const spec = mappings[name] ?? defaultJudgeSpec(kind, name);
    if (spec === undefined) unresolved.push(name);
    else identities[name] = await resolveJudge(kind, spec, task.filter((i) => name in i.judges));
  }
  return { identities, unresolved };
}
