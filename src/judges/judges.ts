import { UserError } from '../core/errors.js';
import { defineJudge, type JudgeManifest } from './judge-manifest.js';

/** The built-in named judges (each loaded on first use): the one place they are named. */
const BUILTIN_JUDGES: readonly JudgeManifest[] = [
  defineJudge({ kind: 'framing', name: 'offline', create: async () => (await import('./framing/offline-judge.js')).createOfflineFramingJudge() }),
  defineJudge({ kind: 'embedder', name: 'tfidf', create: async () => new (await import('./embedders/tfidf-embedder.js')).TfidfEmbedder() }),
  defineJudge({ kind: 'embedder', name: 'use', note: '(Universal Sentence Encoder lite, optional packages)', create: async () => new (await import('./embedders/use-embedder.js')).UseEmbedder() }),
];

const registered: JudgeManifest[] = [...BUILTIN_JUDGES];
const JUDGE_NAME = /^[a-z][a-z0-9-]*$/;

/** Adds a judge (a plugin's); a name already taken for its kind is an error. */
export function registerJudge(manifest: JudgeManifest, from = 'a plugin'): void {
  const kind: unknown = manifest?.kind;
  if (kind !== 'framing' && kind !== 'embedder') throw new UserError(`${from}: a judge's kind must be "framing" or "embedder" (got ${JSON.stringify(kind)})`);
  if (typeof manifest.name !== 'string' || !JUDGE_NAME.test(manifest.name)) throw new UserError(`${from}: a judge's name must be lower-case letters, digits and "-" (got ${JSON.stringify(manifest.name)})`);
  if (typeof manifest.create !== 'function') throw new UserError(`${from}: judge "${manifest.name}" has no create()`);
  if (judgeManifest(manifest.kind, manifest.name)) throw new UserError(`${from}: a ${manifest.kind} judge called "${manifest.name}" is already registered`);
  registered.push(manifest);
}

export function judgeManifest<K extends JudgeManifest['kind']>(kind: K, name: string): Extract<JudgeManifest, { kind: K }> | undefined {
  return registered.find((j): j is Extract<JudgeManifest, { kind: K }> => j.kind === kind && j.name === name);
}

/** The named judges of a kind, as errors list them: `"tfidf", "use" (…)`. */
export const judgeNamesText = (kind: JudgeManifest['kind']): string =>
  registered
    .filter((j) => j.kind === kind)
    .map((j) => `"${j.name}"${j.note ? ` ${j.note}` : ''}`)
    .join(', ');
