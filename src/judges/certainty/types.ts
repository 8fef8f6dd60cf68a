import type { InstrumentId } from '../../core/types.js';
import type { JudgeCard } from '../card.js';
import type { CertaintyScore, PairLabel, Presentation } from './labels.js';

/** One presentation of a pair to a judge. */
export interface OrderedJudgement {
  /** ordered answer: −2 = Text A clearly more certain … +2 = Text B clearly more certain; null = unreadable */
  score: CertaintyScore | null;
  reasoning: string;
  /** the raw reply (LLM judges) */
  raw?: string;
}

/** One call as recorded in a pair judgement. */
export interface OrderCall extends OrderedJudgement {
  presentation: Presentation;
  /** canonical label of this call (original/modified terms); null when unreadable */
  canonical: CertaintyScore | null;
}

/** Both orders of one (original, modified) pair, combined by the order-swap rule. */
export interface PairJudgement {
  /** final label; 'invalid' when an answer could not be read in some order */
  label: PairLabel | 'invalid';
  /** the base judge's label before moderation */
  judgeLabel: PairLabel | 'invalid';
  calls: OrderCall[];
  /** comparators with a continuous score (the offline one): δ(original, modified), > 0 = the modified text more certain */
  score?: number;
  /** present when a moderator reviewed an inconsistent item */
  moderator?: { label: PairLabel | 'invalid'; calls: OrderCall[] };
}

/** A judge that answers for one presentation of two texts. LLM and offline judges implement it. */
export interface PairwiseCertaintyJudge extends InstrumentId {
  judgeOrdered(textA: string, textB: string, opts?: { signal?: AbortSignal; temperature?: number }): Promise<OrderedJudgement>;
}

/** Compares an original with its rewrite (both orders, aggregated). */
export interface CertaintyComparator extends InstrumentId {
  /** accuracy card (the offline comparator with its fitted bands ships one) */
  card?: JudgeCard;
  /** the version a stored card is kept under, when settings outside `version` change its answers (the offline comparator's bands) */
  cardVersion?: string;
  compare(original: string, modified: string, opts?: { signal?: AbortSignal }): Promise<PairJudgement>;
}
