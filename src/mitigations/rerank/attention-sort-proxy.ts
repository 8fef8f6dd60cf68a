import { z } from 'zod';
import { CallLog } from '../calls.js';
import { TABLE_A7 } from '../prompts.js';
import type { Mitigation } from '../types.js';
import { cleanSummary } from '../../tasks/summarize.js';
import { TfidfVectorizer } from '../../text/tfidf.js';
import { cosineSparse } from '../../text/vector.js';
import { paragraphsOrSentences } from './segments.js';

const PROXY_NOTE = 'attention-sort-proxy: attention weights are not observable over an API; the TF-IDF overlap of the answer with each segment stands in for them';

const options = z.object({ iterations: z.number().int().min(1).max(5).default(2) }).strict();

/** The context of Table A7's final prompt: "Segment 1: … Segment 2: …". */
function segmentContext(segments: readonly string[]): string {
  return segments.map((s, i) => `Segment ${i + 1}: ${s}`).join(' ');
}

/** Proxy attention of each segment: TF-IDF cosine between the answer and the segment (fit on both). */
export function proxyAttention(answer: string, segments: readonly string[]): number[] {
  const rows = new TfidfVectorizer().fitTransform([answer, ...segments]);
  const q = rows[0]!;
  return rows.slice(1).map((r) => cosineSparse(q, r));
}

/** Order from lowest to highest score; ties keep their current order (a stable sort). */
export function sortByScore<T>(items: readonly T[], scores: readonly number[]): T[] {
  return items
    .map((item, i) => ({ item, i, s: scores[i] ?? 0 }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .map((e) => e.item);
}

/**
 * Seed 000 Table A5's Attention-Sort Re-ordering, by proxy. The paper (after Peysakhovich & Lerer,
 * 2023, "Attention sorting") runs a forward pass, reads how much attention each segment receives,
 * and re-orders segments from least to most attended, twice. No HTTP API exposes attention
 * weights, so slant measures what the model's answer took from each segment instead: the TF-IDF
 * cosine between the answer generated on the current order and each segment. Each iteration
 * generates on the current order, scores, and re-sorts ascending (most "attended" last, nearest
 * the task); the final answer is generated on the order after the last iteration (iterations + 1
 * calls). Paragraph granularity; single-paragraph texts are cut into sentences (recorded).
 */
export const attentionSortProxy: Mitigation<z.infer<typeof options>> = {
  id: 'attention-sort-proxy',
  kind: 'rerank',
  title: 'Attention-Sort Re-ordering (output-overlap proxy)',
  source: 'Alessa et al., Tables A5 and A7; Peysakhovich & Lerer (2023), attention sorting',
  tasks: ['summarize'],
  requires: [],
  optionsSchema: options,
  applicable: () => ({ ok: true, approximations: [PROXY_NOTE] }),
  async run(ctx) {
    const log = new CallLog(ctx);
    const { unit, segments } = paragraphsOrSentences(ctx.task.document(ctx.record));
    let order = segments.map((_, i) => i);
    const steps = [];
    for (let it = 1; it <= ctx.options.iterations; it++) {
      const answer = cleanSummary(await log.ask({ template: TABLE_A7.attentionSortFinal, document: segmentContext(order.map((i) => segments[i]!)) }));
      const scores = proxyAttention(answer, order.map((i) => segments[i]!));
      const next = sortByScore(order, scores);
      steps.push({ name: `iteration ${it}`, text: answer, data: { unit, order, scores, nextOrder: next } });
      order = next;
    }
    const final = await log.ask({ template: TABLE_A7.attentionSortFinal, document: segmentContext(order.map((i) => segments[i]!)) });
    steps.push({ name: 'final order', data: { unit, order } });
    return log.finish(final, steps, { approximations: [PROXY_NOTE] });
  },
};
