/**
 * Answers that are not measured (docs/providers.md, "Finish reasons"): a filtered, refused or
 * reasoning-only answer always; a cut-off answer when the run says so
 * (`generation.truncated: exclude`). Each is stored with its text, reasoning and reason, recorded
 * as an invalid output of every cell that would have measured it, and counted once per answer.
 */
import type { UnmeasuredAnswer } from '../models/answer.js';

/** The reason of an answer cut at the token limit, when cut answers are not measured (printed "cut at the token limit", src/core/excluded.ts). */
export const TRUNCATED_REASON = 'truncated';

/**
 * Whether answers cut at the token limit are measured. Default `measure`, as seed 000 did: its
 * summaries were generated with at most 500 new tokens and measured as they came. A cut answer is
 * marked (finishReason length, stored) and counted per metric (`truncated` of the group);
 * `exclude` leaves it out with the reason "cut at the token limit", for measures that read the end
 * of a summary (position, primacy) where a cut one would look like a primacy effect.
 */
export type TruncatedPolicy = 'exclude' | 'measure';
export const DEFAULT_TRUNCATED_POLICY: TruncatedPolicy = 'measure';

/** The stored form of an unmeasured answer (read back by a resumed run or another probe's cell). */
export function storedUnmeasured(reason: string, answer: UnmeasuredAnswer | undefined, warnings: unknown[]): Record<string, unknown> {
  return { text: answer?.text ?? '', invalid: reason, warnings, ...(answer?.reasoning !== undefined ? { reasoning: answer.reasoning } : {}), ...(answer?.finishReason !== undefined ? { finishReason: answer.finishReason } : {}), ...(answer?.finishDetail !== undefined ? { finishDetail: answer.finishDetail } : {}) };
}

/** Counts invalid answers once each, however many probes' cells record them. */
export class InvalidAnswerCount {
  private readonly seen = new Set<string>();
  /** true the first time this answer (output key and record) is seen */
  add(answerKey: string, recordId: string): boolean {
    const k = `${answerKey}\u0000${recordId}`;
    if (this.seen.has(k)) return false;
    this.seen.add(k);
    return true;
  }
}
