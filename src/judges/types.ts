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

/**
 * Turns texts into vectors. Neural embedders embed each text on its own. Corpus-fitted
 * embedders (TF-IDF) fit on the texts of ONE call, so callers pass together the texts that must
 * share a vocabulary (e.g. a summary and the three thirds of its source).
 */
export interface Embedder extends InstrumentId {
  /** 'fit-per-call' for TF-IDF-like embedders; 'independent' for neural ones */
  readonly mode: 'fit-per-call' | 'independent';
  embed(texts: readonly string[], opts?: { kind?: 'query' | 'passage'; signal?: AbortSignal }): Promise<Vector[]>;
}
