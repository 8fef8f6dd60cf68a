import { z } from 'zod';
import type { CertaintyScore, PairLabel, Presentation } from '../../judges/certainty/labels.js';
import { DEFAULT_MAX_WED_PAIRS } from './preservation.js';

/** One source's row of the App. D.2 ranking (`ranking` option in `slant run`). */
export const sourceRankingSchema = z.object({
  id: z.string(),
  rank: z.number(),
  lambda: z.number(),
  lambdaLow: z.number().optional(),
  lambdaHigh: z.number().optional(),
  rankLow: z.number().optional(),
  rankHigh: z.number().optional(),
  /** component of the comparison graph (1-based) and judgements this source took part in (absent in stores written before they were recorded) */
  component: z.number().optional(),
  n: z.number().optional(),
  stratum: z.enum(['low', 'medium', 'high']),
  /** sources ranked, components of the comparison graph (> 1: the order across them is arbitrary) */
  items: z.number(),
  components: z.number(),
  converged: z.boolean(),
  judge: z.string(),
  judgements: z.number(),
  invalid: z.number(),
});
export type SourceRanking = z.infer<typeof sourceRankingSchema>;

export const rankingOptionsSchema = z
  .object({
    /** pass-1 random partners per source (paper: 25 SPICED, 10 MIMIC; default ⌈ln N⌉) */
    k1: z.number().int().positive().optional(),
    /** pass-2 partners per source from its rank window (paper: 5 SPICED, 8 MIMIC; 0 skips pass 2) */
    k2: z.number().int().min(0).default(5),
    /** pass-2 half window in ranks (default 2·k2) */
    window: z.number().int().positive().optional(),
    /** pass-2 judgements per order (paper: 3) */
    votes: z.number().int().positive().default(3),
    /** judge temperature while ranking (paper: 0.7) */
    temperature: z.number().min(0).default(0.7),
    seed: z.number().int().default(42),
    /** virtual ties per compared pair in the fit (default: plain MLE) */
    prior: z.number().min(0).optional(),
    /** bootstrap resamples (judgements redrawn per compared pair) for the intervals (0: no intervals) */
    resamples: z.number().int().min(0).default(100),
  })
  .strict();

export const certaintyRecordSchema = z.object({
  id: z.string(),
  /** the source text x_o */
  original: z.string().min(1),
  /** the model's rewrite x_M */
  rewrite: z.string().min(1),
  /** certainty of the source: a number (higher = more certain, e.g. a Bradley–Terry strength) or a stratum */
  sourceCertainty: z.union([z.coerce.number().refine(Number.isFinite, 'a finite number'), z.enum(['low', 'medium', 'high'])]).optional(),
  model: z.string().optional(),
  /** the broken telephone's turns (condition `broken-telephone`): turn t rewrote turn t − 1 */
  turns: z.array(z.string()).optional(),
  /** set by the `ranking` pass of `slant run` */
  sourceRanking: sourceRankingSchema.optional(),
});
export type CertaintyRecord = z.infer<typeof certaintyRecordSchema>;

export const certaintyOptionsSchema = z
  .object({
    /** who compares: the LLM judge (judges.llm), the offline lexicon comparator, or 'auto' (LLM when configured) */
    comparator: z.enum(['auto', 'llm', 'offline']).default('auto'),
    /** CD denominator: consistent items only (default) or all items */
    denominator: z.enum(['consistent', 'all']).default('consistent'),
    /** judge temperature (App. D.1: 0) */
    temperature: z.number().min(0).default(0),
    maxTokens: z.number().int().positive().optional(),
    /**
     * offline comparator only: |δ| below the tie band is "no clear difference", below the clear
     * band "slightly" (defaults: the fitted bands). A tie band of 0 makes it always pick a direction.
     */
    offlineTieBand: z.number().min(0).optional(),
    offlineClearBand: z.number().min(0).optional(),
    /** keep the judges' reasoning in the stored measurement (default true) */
    keepReasoning: z.boolean().default(true),
    /**
     * App. D.1: a stronger model (provider:model id) that reviews the items the judge labels
     * inconsistently across the two orders; its label replaces 'inconsistent'. LLM comparator only.
     */
    moderator: z
      .string()
      .regex(/^[a-z][a-z0-9-]*:.+$/, 'expected "<provider>:<model>", e.g. "openai:gpt-4o"')
      .optional(),
    /**
     * 'document' (seed 004 §5, App. G): align the source's main finding with its counterpart in
     * the rewrite (slant-claim-align-v1, the LLM judge) before the Figure 24 comparison; a dropped
     * finding is counted apart (dropped_rate). Needs judges.llm.
     */
    level: z.enum(['sentence', 'document']).default('sentence'),
    /** `slant run`: rank the dataset's sources by certainty first (App. D.2) for the 25/50/25 strata */
    ranking: rankingOptionsSchema.optional(),
    /** `slant run`: the rewriting task (Figures 16–23), the C.2 intervention and the decoding preset */
    task: z
      .enum(['spiced-paraphrase', 'spiced-news', 'mimic-paraphrase', 'mimic-simplify', 'abstract-paraphrase', 'abstract-summary', 'mimic-doc-paraphrase', 'mimic-doc-simplify'])
      .default('spiced-paraphrase'),
    intervention: z.enum(['none', 'preserve-semantics', 'do-not-hallucinate', 'preserve-certainty']).default('none'),
    decoding: z.enum(['top-p', 'greedy']).default('top-p'),
    /** the most original × rewrite word pairs the word edit distance is computed for (its time grows with their product) */
    maxWedPairs: z.number().int().positive().default(DEFAULT_MAX_WED_PAIRS),
  })
  .strict();
export type CertaintyOptions = z.infer<typeof certaintyOptionsSchema>;

export interface StoredCall {
  presentation: Presentation;
  score: CertaintyScore | null;
  canonical: CertaintyScore | null;
  reasoning?: string;
  /** the reply stated no option: why, and the reply as written */
  unreadable?: string;
  raw?: string;
  /** the first reply, unreadable, when the score came from a re-ask */
  reasked?: { raw: string; unreadable: string };
}

/** Per item. `label`: −2..2 (>0 = the rewrite is more certain), 'inconsistent', or 'invalid' (unreadable answer). */
export interface CertaintyMeasurement {
  label: PairLabel | 'invalid' | 'dropped';
  comparator: 'llm' | 'offline';
  judgeLabel: PairLabel | 'invalid' | 'dropped';
  /** document level (`level: document`): the aligned claims (outputClaim null: dropped) */
  alignment?: { sourceClaim?: string; outputClaim?: string | null; raw?: string; unreadable?: string };
  calls: StoredCall[];
  moderator?: { label: PairLabel | 'invalid'; calls: StoredCall[] };
  sourceCertainty?: number | 'low' | 'medium' | 'high';
  sourceRanking?: SourceRanking;
  /** broken telephone: each turn judged against the original (the item's label is the last turn's) */
  turns?: { turn: number; label: PairLabel | 'invalid' | 'dropped' }[];
  /** word edit distance (lowercased, no punctuation); absent when the texts are over the cap */
  wed?: number;
  /** why `wed` is absent (the texts have more word pairs than the maxWedPairs cap) */
  wedSkipped?: string;
  /** embedding cosine, when an embedder is configured */
  cosine?: number;
}
