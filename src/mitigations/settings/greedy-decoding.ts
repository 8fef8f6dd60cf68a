import { z } from 'zod';
import { always } from '../applicability.js';
import { CallLog } from '../calls.js';
import type { Mitigation } from '../types.js';

/**
 * Seed 004 §4.1/§4.2's greedy decoding (T = 0) for the certainty rewrite instead of top-p
 * (T = 1, p = 0.9): the former `probes.certainty.options.decoding: greedy`. A request-level
 * setting, not a step-wise controller: it runs on every backend that takes a temperature.
 */
export const greedyDecoding: Mitigation = {
  id: 'greedy-decoding',
  kind: 'decode',
  title: 'Greedy decoding (T = 0)',
  source: 'Belem et al., §4.1–4.2',
  tasks: ['certainty-rewrite'],
  requires: [],
  optionsSchema: z.object({}).strict(),
  applicable: always,
  async run(ctx) {
    const log = new CallLog(ctx);
    return log.finish(await log.ask({ params: { temperature: 0, topP: undefined } }));
  },
};
