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
  /** why the reply states no option (score null) */
  unreadable?: string;
  /** the key an unreadable reply is counted under when not 'unreadable' (e.g. 'truncated') */
  exclusion?: string;
  /** the first reply, unreadable, when the score came from a re-ask (judges.reask) */
  reasked?: { raw: string; unreadable: string };
}

/** One call as recorded in a pair judgement. */
export interface OrderCall extends OrderedJudgement {
  presentation: Presentation;
  /** canonical label of this call (original/modified terms); null when unreadable */
  canonical: CertaintyScore | null;
}

/** Both orders of one (original, modified) pair, combined by the order-swap rule. */
export interface PairJudgement {
  /** final label; 'invalid' when an answer could not be read in some order; 'dropped' (document level) when the rewrite lost the finding */
  label: PairLabel | 'invalid' | 'dropped';
  /** the base judge's label before moderation */
  judgeLabel: PairLabel | 'invalid' | 'dropped';
  /** document level: the aligned claims (outputClaim null: dropped), or the unreadable alignment */
  alignment?: { sourceClaim?: string; outputClaim?: string | null; raw?: string; unreadable?: string };
  calls: OrderCall[];
  /** comparators with a continuous score (the offline one): δ(original, modified), > 0 = the modified text more certain */
  score?: number;
  /** present when a moderator reviewed an inconsistent item */
  moderator?: { label: PairLabel | 'invalid'; calls: OrderCall[] };
}

/** A judge that answers for one presentation of two texts. LLM and offline judges implement it. */
export interface PairwiseCertaintyJudge extends InstrumentId {
  /** `sample`: the index of a repeated vote on the same presentation (0 = the first) */
  judgeOrdered(textA: string, textB: string, opts?: { signal?: AbortSignal; temperature?: number; sample?: number }): Promise<OrderedJudgement>;
}

/** Compares an original with its rewrite (both orders, aggregated). */
export interface CertaintyComparator extends InstrumentId {
  /** accuracy card (the offline comparator with its fitted bands ships one) */
  card?: JudgeCard;
  /** the version a stored card is kept under, when settings outside `version` change its answers (the offline comparator's bands) */
  cardVersion?: string;
  compare(original: string, modified: string, opts?: { signal?: AbortSignal }): Promise<PairJudgement>;
}
