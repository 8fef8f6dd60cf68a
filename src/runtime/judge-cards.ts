import type { Store } from './store.js';
import { redact } from '../core/redact.js';

/**
 * Judge accuracy cards kept in the store (migration v4): `slant validate … --save-card` writes
 * one per (task, judge id, judge version); runs with that judge read it back. The card is stored
 * as JSON and parsed by its reader (src/judges/card.ts), a newer card replaces an older one.
 */
export function putJudgeCard(store: Store, key: { task: string; judge: string; version: string }, card: unknown): void {
  store
    .statement('INSERT INTO judge_cards (task, judge, version, card_json, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (task, judge, version) DO UPDATE SET card_json = excluded.card_json, created_at = excluded.created_at')
    .run(key.task, key.judge, key.version, redact(JSON.stringify(card)), new Date().toISOString());
}

export function getJudgeCard(store: Store, key: { task: string; judge: string; version: string }): unknown {
  const row = store.statement('SELECT card_json FROM judge_cards WHERE task = ? AND judge = ? AND version = ?').get(key.task, key.judge, key.version) as { card_json: string } | undefined;
  return row ? (JSON.parse(row.card_json) as unknown) : undefined;
}
