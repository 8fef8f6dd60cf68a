/**
 * A run's report page item data asked of the report thread as soon as the run has measured
 * (store-script.ts makes it there from the store), so that reading the embedded items and making
 * their details is done while this thread aggregates and writes results.json, not after. The report step takes it (write.ts); if the thread cannot make it (no
 * thread, a failure, a plugin probe whose item view only this thread has) the report step makes
 * it here, as before: the same text either way.
 */
import { reportThread } from '../report-thread.js';
import { BUILTIN_PROBES } from '../../probes/manifests.js';
import type { StoreScript } from './store-script.js';

/** The built-in probes: the only ones whose item views the report thread has (a plugin registers in this thread). */
export const THREAD_VIEWS: ReadonlySet<string> = new Set<string>(BUILTIN_PROBES.map((m) => m.name));

/** The one item script asked for (a process runs one run at a time). */
let asked: { runId: string; probes: string; made: Promise<StoreScript | null | undefined> } | undefined;

/** Ask the report thread for the item data of run `runId` in the SQLite store at `path`; false when it cannot make it (no thread, a plugin's probe). */
export function askItemsScript(path: string, runId: string, probes: readonly string[]): boolean {
  asked = undefined;
  const thread = reportThread();
  if (thread === undefined || probes.some((p) => !THREAD_VIEWS.has(p))) return false;
  const made = thread.call({ kind: 'items', path, runId, probes: [...probes] }).catch(() => undefined);
  asked = { runId, probes: probes.join('\u0000'), made };
  return true;
}

/** The item data asked for this run's report, if it was asked for with these probes and made; once. */
export async function takeItemsScript(runId: string, probes: readonly string[]): Promise<StoreScript | undefined> {
  const a = asked;
  if (a === undefined || a.runId !== runId) return undefined;
  asked = undefined;
  const made = await a.made;
  return made === undefined || made === null || a.probes !== probes.join('\u0000') ? undefined : made;
}
