import { z } from 'zod';

/** Text, or the same text already split into sentences. */
const textOrSentences = z.union([z.string().trim().min(1), z.array(z.string().trim().min(1)).min(1)]);

/**
 * Input record as read from a file. Gold summaries: `reference` holds ONE summary (a string, or
 * an array of its sentences); `references` holds several (each a string or an array of
 * sentences). Outputs: `output` (one system; the runner labels it with the model) or
 * `outputs` { system: text or sentences } for a file with several systems.
 */
const rawRecordSchema = z
  .object({
    id: z.string(),
    source: textOrSentences,
    reference: textOrSentences.optional(),
    references: z.array(textOrSentences).min(1).optional(),
    output: textOrSentences.optional(),
    outputs: z.record(z.string().min(1), textOrSentences).optional(),
  })
  .superRefine((r, ctx) => {
    if (r.reference === undefined && r.references === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'a gold summary is required: give "reference" (one) or "references" (several)' });
    }
    if (r.reference !== undefined && r.references !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['references'], message: 'give either "reference" or "references", not both' });
    }
    if (r.output === undefined && (r.outputs === undefined || Object.keys(r.outputs).length === 0)) {
      ctx.addIssue({ code: 'custom', path: ['output'], message: 'a model summary is required: give "output" or "outputs" {system: summary}' });
    }
    if (r.output !== undefined && r.outputs !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['outputs'], message: 'give either "output" or "outputs", not both' });
    }
  });

export interface PositionRecord {
  id: string;
  /** the article, as text or as its sentences */
  source: string | string[];
  /** one or more gold summaries, each as text or as its sentences */
  references: (string | string[])[];
  /** system name -> summary (text or sentences); a single `output` becomes { output: ... } */
  outputs: Record<string, string | string[]>;
}

/** Name under which a single `output` field is measured. */
export const SINGLE_OUTPUT = 'output';

export const positionRecordSchema: z.ZodType<PositionRecord> = rawRecordSchema.transform((r) => ({
  id: r.id,
  source: r.source,
  references: r.references ?? (r.reference === undefined ? [] : [r.reference]),
  outputs: r.outputs ?? (r.output === undefined ? {} : { [SINGLE_OUTPUT]: r.output }),
}));

export const positionOptionsSchema = z
  .object({
    /** number of segments per article (paper: 10) */
    K: z.number().int().min(2).max(1000).default(10),
    /** φ: how a summary sentence is mapped to article sentences */
    mapper: z.enum(['tfidf', 'rouge1', 'embedding']).default('tfidf'),
    /** map each summary sentence to its k most similar article sentences (Appendix I: 1, 2, 3) */
    topK: z.number().int().min(1).max(20).default(1),
    /**
     * TF-IDF fitting: 'per-summary' fits over the article + that one summary's sentences (the
     * released code; a system's result does not depend on the other systems in the file);
     * 'per-article' fits once over the article + all its summaries (faster, IDF shared).
     */
    tfidfFit: z.enum(['per-summary', 'per-article']).default('per-summary'),
    /** 'positional' (the paper's definition) or 'released' (proportions passed to scipy as values) */
    wassersteinMode: z.enum(['positional', 'released']).default('positional'),
    /** articles with fewer than K sentences: see docs/probes/position.md */
    shortArticleMode: z.enum(['slant', 'released', 'exclude']).default('slant'),
    /** count each article sentence once per summary, as the released code's np.unique does */
    uniqueTargets: z.boolean().default(false),
    /** Porter stemming in ROUGE (rouge-score use_stemmer); the released code used evaluate's default, false */
    rougeStemmer: z.boolean().default(true),
    /** several gold summaries: ROUGE of the best-matching one (rouge-score score_multi) or the mean */
    rougeMultiReference: z.enum(['max', 'mean']).default('max'),
    /** bootstrap resamples over articles */
    resamples: z.number().int().min(100).max(100_000).default(2000),
    /** seed for the bootstrap */
    seed: z.number().int().default(42),
    /** `slant run`: how models are asked for summaries (Appendix F.3): list style and sentence count, or a paper preset */
    promptStyle: z.enum(['dash', 'numbered', 'plain']).default('dash'),
    sentences: z.number().int().min(1).max(20).default(3),
    preset: z.object({ model: z.enum(['gpt-3.5', 'llama-2', 'dolly-v2']), dataset: z.enum(['xsum', 'cnndm', 'reddit', 'news']) }).strict().optional(),
    /** Appendix G's role-play variant */
    rolePlay: z.boolean().default(false),
    /** the most article × summary sentence pairs an article's mapping compares (summed over its summaries) */
    maxSentencePairs: z.number().int().positive().default(4_000_000),
    /** the most gold × output word pairs ROUGE-L aligns for one article (summed over its pairs) */
    maxRougeWordPairs: z.number().int().positive().default(10_000_000_000),
  })
  .strict();

export type PositionOptions = z.infer<typeof positionOptionsSchema>;
