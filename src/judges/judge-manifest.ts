import type { LanguageModel } from '../models/types.js';
import type { Embedder, FramingJudge } from './types.js';

/** Creates models by id; a run's factory adds provider options, the request cache and usage tracking. */
export type ModelFactory = (id: string, options?: Record<string, unknown>) => Promise<LanguageModel>;

/**
 * A judge chosen by name in `judges.framing` / `judges.embedder` (any other value there is a model
 * id). One list of these (src/judges/judges.ts) is the only place a built-in judge is named; a
 * plugin's judge registers through the same shape.
 */
export type JudgeManifest =
  | {
      kind: 'framing';
      name: string;
      /** said after the name where the judges are listed (errors, docs) */
      note?: string;
      create(ctx: { makeModel: ModelFactory; reask: boolean }): Promise<FramingJudge>;
    }
  | {
      kind: 'embedder';
      name: string;
      note?: string;
      create(ctx: { providers: Record<string, Record<string, unknown>> }): Promise<Embedder>;
    };

export function defineJudge<J extends JudgeManifest>(manifest: J): J {
  return manifest;
}
