/**
 * A study's judges as judge cards (src/judges/card.ts, docs/judges/cards.md): the same format
 * `slant validate … --save-card` writes, so a card from people's labels is stored in `judge_cards`
 * and shown by later runs with that judge.
 *
 * - framing: rows the majority label of the kept annotators, columns the judge, in the project's
 *   order (positive, negative, neutral); items whose annotators tie have no majority and are left out.
 * - certainty: the 5-point answers collapsed to a direction (−, 0, +): rows the sign of the mean
 *   human answer (the judge's leave-one-out consensus: every human, since the judge is not one of
 *   them), columns the sign of the judge's answer.
 *
 * τ_b with the consensus, its bootstrap interval and the judge-minus-average-human gap go to
 * `figures`. WildFrame studies have no card: their "judges" are the models under test.
 */
import { confusionFigures, type JudgeCard } from '../judges/card.js';
import { SLANT_VERSION } from '../version.js';
import type { JudgeIdentity } from '../probes/annotation.js';
import { kindText, scaleValues, type StudyKind } from './scale.js';

export type { JudgeIdentity } from '../probes/annotation.js';

export const UNKNOWN_VERSION = 'unknown';

export interface CardInput {
  study: string;
  kind: StudyKind;
  k: number;
  /** annotators kept by the quality filters */
  annotators: number;
  /** per analysed item: the kept annotators' canonical answers and the judges' answers */
  items: { humans: string[]; judges: Record<string, string> }[];
  /** figures from the consensus statistics, by judge name */
  figures: Record<string, Record<string, number | null>>;
  identities: Record<string, JudgeIdentity>;
  date: Date;
  command: string;
}

/** Most frequent label, or undefined when two labels tie for most. */
export function majorityLabel(labels: readonly string[]): string | undefined {
  const c = new Map<string, number>();
  for (const l of labels) c.set(l, (c.get(l) ?? 0) + 1);
  const sorted = [...c].sort((a, b) => b[1] - a[1]);
  if (sorted.length === 0 || (sorted.length > 1 && sorted[0]![1] === sorted[1]![1])) return undefined;
  return sorted[0]![0];
}

export const DIRECTIONS = ['−', '0', '+'] as const;

/** −, 0 or + of a number. */
export function direction(x: number): (typeof DIRECTIONS)[number] {
  return x < 0 ? '−' : x > 0 ? '+' : '0';
}

/** True when studies of this kind make judge cards (its annotation.json says `cards`). */
export function hasJudgeCards(kind: StudyKind): boolean {
  return kindText(kind).cards !== undefined;
}

export function studyJudgeCards(input: CardInput): JudgeCard[] {
  const { kind } = input;
  const how = kindText(kind).cards;
  if (how === undefined) return [];
  const majority = how === 'majority';
  const names = [...new Set(input.items.flatMap((i) => Object.keys(i.judges)))].sort();
  // majority: the kind's labels in their order (framing: positive, negative, neutral); else the direction of the mean
  const labels: readonly string[] = majority ? scaleValues(kind) : DIRECTIONS;
  return names.map((name): JudgeCard => {
    const confusion = labels.map(() => labels.map(() => 0));
    let noMajority = 0;
    let noAnswer = 0;
    for (const item of input.items) {
      const j = item.judges[name];
      if (j === undefined) {
        noAnswer++;
        continue;
      }
      let truth: string | undefined;
      let judged: string;
      if (majority) {
        truth = majorityLabel(item.humans);
        judged = j;
      } else {
        truth = direction(item.humans.reduce((s, h) => s + Number(h), 0) / item.humans.length);
        judged = direction(Number(j));
      }
      const r = truth === undefined ? -1 : labels.indexOf(truth);
      const c = labels.indexOf(judged);
      if (r < 0 || c < 0) {
        noMajority++;
        continue;
      }
      confusion[r]![c]!++;
    }
    const f = confusionFigures(confusion);
    const who = input.identities[name] ?? { id: name, version: UNKNOWN_VERSION };
    const inTraining = who.inTraining ?? 0;
    const truthText = majority ? 'the majority label' : 'the direction of the mean answer';
    const figures: Record<string, number | null> = {
      items: input.items.length,
      annotators: input.annotators,
      k: input.k,
      ...(majority ? { noMajority } : {}),
      noAnswer,
      ...(who.inTraining !== undefined ? { inTraining } : {}),
      ...(input.figures[name] ?? {}),
    };
    return {
      task: kind as JudgeCard['task'],
      judge: who.id,
      version: who.version,
      data: `annotation study ${input.study} (${kind}): ${f.n} items against ${truthText} of the ${input.annotators} annotators kept by the quality filters (k = ${input.k} per item${majority && noMajority ? `; ${noMajority} items without a majority left out` : ''}${noAnswer ? `; ${noAnswer} items the judge did not answer` : ''}); study column "${name}"`,
      heldOut: inTraining === 0,
      summary: `${majority ? 'human majority labels' : 'human consensus direction'} of annotation study ${input.study}${inTraining ? ` (${inTraining} of ${input.items.length} items in-sample)` : ''}`,
      n: f.n,
      accuracy: f.accuracy,
      balancedAccuracy: f.balancedAccuracy,
      labels: [...labels],
      confusion,
      figures,
      date: input.date.toISOString().slice(0, 10),
      slantVersion: SLANT_VERSION,
      command: input.command,
    };
  });
}
