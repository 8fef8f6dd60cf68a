/**
 * Which judge a study's judge column is, in the terms runs use (id and version), so that its card
 * from `slant annotate stats --save-card` is found by later runs with that judge. A column is
 * named by a judge spec as `slant validate` and `slant run` take it: "offline" or a model id
 * ("openai:o4-mini"). Columns of studies made from a run ("framing:offline", "offline", a model
 * id) and judge ids ("offline-framing", "llm-framing:<model>", "certainty-offline",
 * "certainty-llm:<model>") are recognised, as each kind's annotation.json lists them
 * (`judgeColumns`); other names need `--judge <column>=<spec>`. The kind's own code says which
 * judge a spec makes (src/probes/<probe>/annotation.ts).
 */
import { UserError } from '../core/errors.js';
import { kindText, type StudyKind } from './scale.js';
import type { ItemRow } from './study-store.js';
import { UNKNOWN_VERSION, type JudgeIdentity } from './study-cards.js';

const MODEL_ID = /^[a-z][a-z0-9-]*:/;

/** The judge spec a column name stands for, or undefined when the name says nothing. */
export function defaultJudgeSpec(kind: StudyKind, name: string): string | undefined {
  // an LLM judge with a moderator is not one model spec: name it with --judge … (not supported yet)
  if (name.includes('+moderator:')) return undefined;
  const columns = kindText(kind).judgeColumns;
  for (const p of columns?.prefixes ?? []) if (name.startsWith(p)) return name.slice(p.length);
  if (columns?.offline.includes(name)) return 'offline';
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
 * request is sent). Offline judges also count the study's items they were fitted on. A kind whose
 * code names no judges keeps the spec as the judge's id.
 */
async function resolveJudge(kind: StudyKind, spec: string, items: readonly ItemRow[]): Promise<JudgeIdentity> {
  const code = await kindText(kind).load?.();
  if (code?.judge === undefined) return { id: spec, version: UNKNOWN_VERSION };
  return code.judge(spec, items);
}

/** Every judge column of the study: its identity, or none when neither a mapping nor its name says which judge it is. */
export async function resolveStudyJudges(kind: StudyKind, items: readonly ItemRow[], mappings: Record<string, string>): Promise<{ identities: Record<string, JudgeIdentity>; unresolved: string[] }> {
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
