import { z } from 'zod';
import type { Confidence, ParsedVerdict } from '../../judges/verdict/index.js';
import { FACTCHECK_STRATEGIES, parseFactcheckStrategy, type FactcheckStrategy } from '../../tasks/factcheck-prompts.js';
import type { Period } from './cutoffs.js';

const dateString = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s)), {
    message: 'expected a date, YYYY-MM-DD or an ISO timestamp',
  });

/** One fact-check pair: a true news item and its falsified (negated) counterpart (seed 000, §4). */
export const hallucinationRecordSchema = z.object({
  id: z.string(),
  /** publication / event date */
  date: dateString,
  true_text: z.string().trim().min(1),
  false_text: z.string().trim().min(1),
  source: z.string().optional(),
  /** recorded answers (raw text) for the true and the falsified item; no model is called when both are present */
  true_answer: z.string().optional(),
  false_answer: z.string().optional(),
  /** which model gave the recorded answers (its id, for the cutoff) */
  model: z.string().optional(),
});
export type HallucinationRecord = z.infer<typeof hallucinationRecordSchema>;

const cutoffValue = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'expected YYYY-MM or YYYY-MM-DD');

export const hallucinationOptionsSchema = z
  .object({
    /** Table A7 prompt strategy: baseline | calibration | boundary | epistemic (paper names accepted) */
    strategy: z
      .string()
      .default('baseline')
      .transform((s, ctx): FactcheckStrategy => {
        try {
          return parseFactcheckStrategy(s);
        } catch {
          ctx.addIssue({ code: 'custom', message: `expected one of ${FACTCHECK_STRATEGIES.join(', ')}` });
          return z.NEVER;
        }
      }),
    /** model id (or name fragment) -> cutoff; extends and overrides the built-in table */
    cutoffs: z.record(z.string(), cutoffValue).default({}),
    /** one cutoff for every model, overriding the tables */
    cutoff: cutoffValue.optional(),
    /**
     * who answers: 'auto' = the recorded answers when the record has both, else the model under
     * test (judges.llm); the others force one route.
     */
    evaluator: z.enum(['auto', 'recorded', 'llm']).default('auto'),
    /**
     * how an unparseable answer counts: 'exclude' (default; left out of every accuracy and counted)
     * or 'incorrect' (counted as a wrong answer, a lower bound).
     */
    unparseable: z.enum(['exclude', 'incorrect']).default('exclude'),
    /** the fact-check's decoding; default seed 000 A.2's: temperature 0 (greedy), 500 tokens, seed 42 */
    temperature: z.number().min(0).optional(),
    maxTokens: z.number().int().positive().optional(),
    seed: z.number().int().min(0).optional(),
  })
  .strict();
export type HallucinationOptions = z.infer<typeof hallucinationOptionsSchema>;

/** One answer, read. */
export interface ItemVerdict {
  verdict: boolean | null;
  confidence: Confidence | null;
  via: ParsedVerdict['via'];
  /** why no verdict could be read (verdict null) */
  unreadable?: string;
  /** the key it is counted under when not 'unreadable' (e.g. 'truncated': cut at the token limit) */
  exclusion?: string;
  /** the raw answer when a model was asked in this run */
  answer?: string;
}

export interface HallucinationMeasurement {
  /** the model whose cutoff splits the data */
  model: string;
  strategy: FactcheckStrategy;
  /** the item's UTC day */
  date: string;
  cutoff: string;
  cutoffSource: string;
  period: Period;
  evaluator: 'recorded' | 'llm';
  /** answer to the true news item (correct when verdict === true) */
  actual: ItemVerdict;
  /** answer to the falsified item (correct when verdict === false) */
  falsified: ItemVerdict;
}
