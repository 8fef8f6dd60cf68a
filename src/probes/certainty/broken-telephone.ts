/**
 * Broken telephone (Belem et al., §4.3): the model rewrites its own previous output for up to T
 * turns; every turn's output is judged against the ORIGINAL. Returns per-turn metrics (Figure 4:
 * CD↑, CD↓ … per turn) and per-item trajectories of labels (Figure 29).
 */
import type { Metric } from '../../core/types.js';
import type { CertaintyComparator } from '../../judges/certainty/types.js';
import type { LanguageModel } from '../../models/types.js';
import { generateRewrite, type RewriteSettings } from './generate.js';
import { cdMetrics, type ItemLabel } from './metrics.js';

export interface TelephoneOptions extends Partial<RewriteSettings> {
  signal?: AbortSignal;
}

export interface TelephoneResult {
  turns: number;
  /** per turn t = 1..T: the metrics over items */
  perTurn: { turn: number; metrics: Metric[] }[];
  /** per item: its outputs and labels by turn */
  trajectories: { id: string; outputs: string[]; labels: ItemLabel[] }[];
}

export async function brokenTelephone(
  model: LanguageModel,
  judge: CertaintyComparator,
  items: readonly { id: string; original: string }[],
  T = 5,
  opts: TelephoneOptions = {},
): Promise<TelephoneResult> {
  if (!(Number.isInteger(T) && T >= 1)) throw new RangeError(`brokenTelephone: T must be a positive integer, got ${T}`);
  const settings: RewriteSettings = { task: opts.task ?? 'spiced-paraphrase' };
  if (opts.intervention) settings.intervention = opts.intervention;
  if (opts.decoding) settings.decoding = opts.decoding;
  if (opts.seed !== undefined) settings.seed = opts.seed;
  const trajectories: TelephoneResult['trajectories'] = [];
  for (const it of items) {
    const outputs: string[] = [];
    const labels: ItemLabel[] = [];
    let current = it.original;
    for (let t = 1; t <= T; t++) {
      current = (await generateRewrite(model, current, settings, opts.signal)).text;
      outputs.push(current);
      const j = await judge.compare(it.original, current, opts.signal ? { signal: opts.signal } : {});
      labels.push(j.label);
    }
    trajectories.push({ id: it.id, outputs, labels });
  }
  const perTurn = Array.from({ length: T }, (_, k) => ({ turn: k + 1, metrics: cdMetrics(trajectories.map((tr) => tr.labels[k]!)) }));
  return { turns: T, perTurn, trajectories };
}
