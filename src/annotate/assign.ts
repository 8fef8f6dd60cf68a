/**
 * Balanced assignment of items to annotators: every task item goes to exactly k different
 * annotators, and annotators' loads differ by at most one. Items are taken in a seeded random order
 * and each goes to the k least-loaded annotators (ties broken at random): with loads in {m, m + 1}
 * before an item they stay within one of each other after it. Items every annotator sees (gold and
 * attention items) are added to each list; each list is then shuffled, with shared items never in
 * the first position (an attention check should not open the session).
 */
import { createRng, shuffleInPlace, type Rng } from '../stats/rng.js';

export function assignBalanced(items: readonly string[], annotators: readonly string[], k: number, rng: Rng): Map<string, string[]> {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`assignBalanced: k must be a positive integer, got ${k}`);
  if (k > annotators.length) throw new RangeError(`assignBalanced: each item needs ${k} annotators but there are only ${annotators.length}`);
  const load = new Map(annotators.map((a) => [a, 0]));
  const out = new Map<string, string[]>(annotators.map((a) => [a, []]));
  for (const item of shuffleInPlace([...items], rng)) {
    const order = shuffleInPlace([...annotators], rng).sort((a, b) => (load.get(a) as number) - (load.get(b) as number));
    for (const a of order.slice(0, k)) {
      load.set(a, (load.get(a) as number) + 1);
      out.get(a)!.push(item);
    }
  }
  return out;
}

/** One annotator's sequence: own items plus the shared ones, shuffled; a shared item never comes first. */
export function sequenceFor(own: readonly string[], shared: readonly string[], rng: Rng): string[] {
  const seq = shuffleInPlace([...own], rng);
  for (const s of shuffleInPlace([...shared], rng)) {
    const at = seq.length === 0 ? 0 : 1 + Math.floor(rng() * seq.length);
    seq.splice(at, 0, s);
  }
  return seq;
}

interface AssignmentPlan {
  /** annotator → item ids in the order shown */
  sequences: Map<string, string[]>;
  /** (annotator, item) → Text A is the original (true) or the rewrite (false); certainty only */
  originalFirst: Map<string, boolean>;
}

export function planAssignments(args: { taskItems: readonly string[]; sharedItems: readonly string[]; annotators: readonly string[]; k: number; seed: number; randomiseOrder: boolean; fixedOrder?: ReadonlySet<string> }): AssignmentPlan {
  const rng = createRng(args.seed);
  const own = assignBalanced(args.taskItems, args.annotators, args.k, rng);
  const sequences = new Map<string, string[]>();
  const originalFirst = new Map<string, boolean>();
  for (const a of args.annotators) {
    const seq = sequenceFor(own.get(a) ?? [], args.sharedItems, rng);
    sequences.set(a, seq);
    if (args.randomiseOrder) for (const item of seq) originalFirst.set(`${a}\u0000${item}`, args.fixedOrder?.has(item) ? true : rng() < 0.5);
  }
  return { sequences, originalFirst };
}
