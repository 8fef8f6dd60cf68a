import type { Framing, InstrumentId, UnreadableAnswer } from '../core/types.js';
import type { Vector } from '../text/vector.js';
import type { JudgeCard } from './card.js';

/** Classifies the framing (sentiment) of whole texts. LLM and offline judges implement it. */
export interface FramingJudge extends InstrumentId {
  /** the judge's accuracy card (offline judges ship one; LLM judges get theirs from `slant validate --save-card`) */
  card?: JudgeCard;
  /** one label per text; an LLM judge's answer that states none is returned as unreadable, never guessed */
  classify(texts: readonly string[], opts?: { signal?: AbortSignal }): Promise<(Framing | UnreadableAnswer)[]>;
}

/** Dense vector (defined with the vector maths in src/text/vector.ts, a lower layer). */
export type { Vector };

/** The embedder contract lives with the providers that serve most embedders (src/models/embedder.ts). */
export type { Embedder } from '../models/embedder.js';
