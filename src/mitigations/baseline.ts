import { z } from 'zod';
import { always } from './applicability.js';
import { CallLog } from './calls.js';
import type { Mitigation } from './types.js';

/** The plain task: render → generate → parse, one call. */
export const baselineMitigation: Mitigation = {
  id: 'baseline',
  kind: 'prompt',
  title: 'Baseline (the plain task)',
  source: '—',
  tasks: ['summarize', 'position-summary', 'certainty-rewrite', 'fact-check', 'wildframe-sentiment'],
  requires: [],
  optionsSchema: z.object({}).strict(),
  applicable: always,
  async run(ctx) {
    const log = new CallLog(ctx);
    return log.finish(await log.ask());
  },
};
