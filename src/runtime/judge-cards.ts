import type { JudgeCardStore } from './run-store.js';
import { asRunStore, type AnyStore } from './sqlite-run-store.js';
import { redact } from '../core/redact.js';

/**
 * Judge accuracy cards kept in the store (migration v4): `slant validate … --save-card` writes
 * one per (task, judge id, judge version); runs with that judge read it back. The card is stored
 * as JSON and parsed by its reader (src/judges/card.ts), a newer card replaces an older one.
 */
export async function putJudgeCard(store: AnyStore<JudgeCardStore>, key: { task: string; judge: string; version: string }, card: unknown): Promise<void> {
  await asRunStore(store).putJudgeCard(key, redact(JSON.stringify(card)));
}

export async function getJudgeCard(store: AnyStore<JudgeCardStore>, key: { task: string; judge: string; version: string }): Promise<unknown> {
  const json = await asRunStore(store).getJudgeCard(key);
  return json === undefined ? undefined : (JSON.parse(json) as unknown);
}
