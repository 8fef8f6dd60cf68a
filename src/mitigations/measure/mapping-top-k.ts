import { z } from 'zod';
import { always } from '../applicability.js';
import { CallLog } from '../calls.js';
import type { Mitigation } from '../types.js';

const options = z.object({ k: z.number().int().min(2).max(20).default(2) }).strict();

/**
 * Seed 003 Appendix I ("Mapping Summary Sentences to Multiple Article Sentences", Figure 9): the
 * same summaries measured with each summary sentence mapped to its top-k article sentences
 * (k = 2, 3) instead of the single best one. Not a mitigation and not a decoding setting: a
 * measurement variant run as a condition, so that one `slant run` reports top-1 (the baseline)
 * beside top-k on the same records with paired effects. It sends no request of its own: its cells
 * read the baseline's stored summaries (`probeOptions` sets the position probe's `topK`); only a
 * summary not yet stored is generated, with the baseline's request. Left out of `mitigations: all`.
 */
export const mappingTopK: Mitigation<z.infer<typeof options>> = {
  id: 'mapping-top-k',
  kind: 'measure',
  title: 'Top-k sentence mapping (measurement)',
  source: 'Chhabra et al., Appendix I, Figure 9',
  tasks: ['position-summary'],
  requires: [],
  optionsSchema: options,
  applicable: always,
  probeOptions: (o) => ({ topK: o.k }),
  async run(ctx) {
    const log = new CallLog(ctx);
    return log.finish(await log.ask());
  },
};
