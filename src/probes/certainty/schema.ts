import { z } from 'zod';
import type { CertaintyScore, PairLabel, Presentation } from '../../judges/certainty/labels.js';

export const certaintyRecordSchema = z.object({
  id: z.string(),
  /** the source text x_o */
  original: z.string().min(1),
  /** the model's rewrite x_M */
  rewrite: z.string().min(1),
  /** certainty of the source: a number (higher = more certain, e.g. a Bradley–Terry strength) or a stratum */
  sourceCertainty: z.union([z.coerce.number().refine(Number.isFinite, 'a finite number'), z.enum(['low', 'medium', 'high'])]).optional(),
  model: z.string().optional(),
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
    /** `slant run`: the rewriting task (Figures 16–23), the C.2 intervention and the decoding preset */
    task: z
      .enum(['spiced-paraphrase', 'spiced-news', 'mimic-paraphrase', 'mimic-simplify', 'abstract-paraphrase', 'abstract-summary', 'mimic-doc-paraphrase', 'mimic-doc-simplify'])
      .default('spiced-paraphrase'),
    intervention: z.enum(['none', 'preserve-semantics', 'do-not-hallucinate', 'preserve-certainty']).default('none'),
    decoding: z.enum(['top-p', 'greedy']).default('top-p'),
  })
  .strict();
export type CertaintyOptions = z.infer<typeof certaintyOptionsSchema>;

export interface StoredCall {
  presentation: Presentation;
  score: CertaintyScore | null;
  canonical: CertaintyScore | null;
  reasoning?: string;
}

/** Per item. `label`: −2..2 (>0 = the rewrite is more certain), 'inconsistent', or 'invalid' (unreadable answer). */
export interface CertaintyMeasurement {
  label: PairLabel | 'invalid';
  comparator: 'llm' | 'offline';
  judgeLabel: PairLabel | 'invalid';
  calls: StoredCall[];
  moderator?: { label: PairLabel | 'invalid'; calls: StoredCall[] };
  sourceCertainty?: number | 'low' | 'medium' | 'high';
  /** word edit distance (lowercased, no punctuation) */
  wed: number;
  /** embedding cosine, when an embedder is configured */
  cosine?: number;
}
