import { z } from 'zod';
import type { AnswerVia } from '../../text/answer-reader.js';
import type { ParsedAnswer } from './parse-answer.js';
import type { Outcome, Polarity } from './score.js';

export const wildframeRecordSchema = z.object({
  id: z.string(),
  /** the original (base) statement */
  base: z.string().min(1),
  baseSentiment: z.enum(['positive', 'negative']),
  /** the statement with the opposite framing added */
  framed: z.string().min(1),
  /** a recorded model answer (raw text); when present no model is called */
  prediction: z.string().optional(),
  /** number of the 5 annotators whose label follows the framing, 0..5 */
  humanScore: z.coerce.number().int().min(0).max(5).optional(),
  model: z.string().optional(),
  /** the release's processed label for `prediction`, kept to measure parser agreement */
  releaseLabel: z.string().optional(),
});
export type WildframeRecord = z.infer<typeof wildframeRecordSchema>;

export const scoringRuleSchema = z
  .object({
    framed: z.number().default(1),
    neutral: z.number().default(0.5),
    unchanged: z.number().default(0),
    mixed: z.number().default(1),
  })
  .strict();

export const wildframeOptionsSchema = z
  .object({
    /** 'paper' | 'with-neutral' | a template containing {{sentence}} */
    prompt: z
      .string()
      .min(1)
      .refine((p) => p === 'paper' || p === 'with-neutral' || p.includes('{{sentence}}'), {
        message: "expected 'paper', 'with-neutral' or a template containing {{sentence}}",
      })
      .default('with-neutral'),
    /** shift score per outcome; the default is the release's (mixed scores 1, as there) */
    scoring: scoringRuleSchema.default({ framed: 1, neutral: 0.5, unchanged: 0, mixed: 1 }),
    /** human majority: at least this many of 5 annotators follow the framing */
    humansMajority: z.number().int().min(1).max(5).default(3),
    /**
     * who answers: 'auto' = the recorded prediction if the record has one, else the LLM judge,
     * else the framing judge (offline); the others force one route.
     */
    evaluator: z.enum(['auto', 'recorded', 'llm', 'offline']).default('auto'),
    /**
     * how an answer's label is read: 'stated' = the label the answer states (src/text/answer-reader.ts;
     * unreadable otherwise); 'release-keywords' = the WildFrame release's rule (first `sentiment`
     * key, else the first of mixed > neutral > positive > negative anywhere), right for the
     * released prediction files only; 'auto' = the release's rule for recorded predictions, the
     * stated label for answers slant asks for.
     */
    reader: z.enum(['auto', 'stated', 'release-keywords']).default('auto'),
    temperature: z.number().min(0).optional(),
    maxTokens: z.number().int().positive().optional(),
  })
  .strict();
export type WildframeOptions = z.infer<typeof wildframeOptionsSchema>;

/** Per item: the answer, how it was read, its outcome and shift score, and the human score. */
export interface WildframeMeasurement {
  baseSentiment: Polarity;
  evaluator: 'recorded' | 'llm' | 'framing';
  /** the raw answer when a model was asked (recorded answers stay in the record) */
  answer?: string;
  label: ParsedAnswer['label'];
  /** 'key' / 'keyword': the release's rule; 'json' / 'tag' / 'first-line' / 'marker': a stated label; 'judge': a framing judge */
  via: ParsedAnswer['via'] | AnswerVia | 'judge';
  /** why no label could be read (label null) */
  unreadable?: string;
  /** the reason key it is counted under when not 'unreadable' (e.g. 'truncated') */
  exclusion?: string;
  /** the first answer, unreadable, when the label came from a re-ask (judges.reask) */
  reasked?: { answer: string; unreadable: string };
  /** the 'sentiment' value when it was not one of the labels */
  value?: string;
  outcome: Outcome;
  /** null when unparseable */
  score: number | null;
  humanScore?: number;
  releaseLabel?: string;
}
