/**
 * Judge a pair in both orders, remap to canonical labels, and combine (seed 004, §3.1, App. D.1);
 * optionally send inconsistent items to a moderator that reads both reasoning chains and is itself
 * asked in both orders, with the same rule.
 */
import { combineOrders, toCanonical, type PairLabel, type Presentation } from './labels.js';
import { renderModeratorMessages, swapTextNames } from './prompt.js';
import type { OrderCall, OrderedJudgement, PairJudgement, PairwiseCertaintyJudge } from './types.js';

const PRESENTATIONS: readonly Presentation[] = ['original-first', 'modified-first'];

function texts(original: string, modified: string, p: Presentation): [string, string] {
  return p === 'original-first' ? [original, modified] : [modified, original];
}

function toCall(j: OrderedJudgement, presentation: Presentation): OrderCall {
  return { ...j, presentation, canonical: j.score === null ? null : toCanonical(j.score, presentation) };
}

function combineCalls(calls: readonly OrderCall[]): PairLabel | 'invalid' {
  const [a, b] = calls;
  if (!a || !b || a.canonical === null || b.canonical === null) return 'invalid';
  return combineOrders(a.canonical, b.canonical);
}

/** A moderator: asked about one presentation, given both earlier analyses. */
export interface CertaintyModerator {
  moderate(textA: string, textB: string, analyses: readonly string[], opts?: { signal?: AbortSignal }): Promise<OrderedJudgement>;
}

/**
 * The analyses shown to the moderator for presentation `p`: each judge call's reasoning, with
 * "Text A"/"Text B" swapped when that call used the other order.
 */
function analysesFor(p: Presentation, calls: readonly OrderCall[]): string[] {
  return calls.map((c) => (c.presentation === p ? c.reasoning : swapTextNames(c.reasoning)));
}

export async function compareBothOrders(
  judge: PairwiseCertaintyJudge,
  original: string,
  modified: string,
  opts: { signal?: AbortSignal; moderator?: CertaintyModerator; temperature?: number } = {},
): Promise<PairJudgement> {
  const calls: OrderCall[] = [];
  for (const p of PRESENTATIONS) {
    const [a, b] = texts(original, modified, p);
    const o: { signal?: AbortSignal; temperature?: number } = {};
    if (opts.signal) o.signal = opts.signal;
    if (opts.temperature !== undefined) o.temperature = opts.temperature;
    calls.push(toCall(await judge.judgeOrdered(a, b, o), p));
  }
  const judgeLabel = combineCalls(calls);
  const out: PairJudgement = { label: judgeLabel, judgeLabel, calls };
  if (judgeLabel === 'inconsistent' && opts.moderator) {
    const mcalls: OrderCall[] = [];
    for (const p of PRESENTATIONS) {
      const [a, b] = texts(original, modified, p);
      const j = await opts.moderator.moderate(a, b, analysesFor(p, calls), opts.signal ? { signal: opts.signal } : {});
      mcalls.push(toCall(j, p));
    }
    const mLabel = combineCalls(mcalls);
    out.moderator = { label: mLabel, calls: mcalls };
    // An unreadable moderator answer leaves the item inconsistent (it was, and nothing resolved it).
    out.label = mLabel === 'invalid' ? 'inconsistent' : mLabel;
  }
  return out;
}

export { renderModeratorMessages };
