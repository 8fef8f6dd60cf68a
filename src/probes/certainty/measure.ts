import { UserError } from '../../core/errors.js';
import { stoppable } from '../../core/stoppable.js';
import { LlmCertaintyJudge } from '../../judges/certainty/llm-judge.js';
import { offlineComparatorWithBands } from '../../judges/certainty/offline-comparator.js';
import { DocumentCertaintyComparator } from '../../judges/certainty/document-judge.js';
import type { CertaintyComparator, OrderCall } from '../../judges/certainty/types.js';
import type { LanguageModel } from '../../models/types.js';
import type { ProbeContext } from '../types.js';
import { cappedWordEditDistance, embeddingCosine } from './preservation.js';
import type { CertaintyMeasurement, CertaintyOptions, CertaintyRecord, StoredCall } from './schema.js';

/** The comparator for these options: the LLM judge (judges.llm, with an optional moderator) or the offline one. */
export function resolveComparator(ctx: ProbeContext<CertaintyOptions>, moderator?: LanguageModel): { kind: 'llm' | 'offline'; comparator: CertaintyComparator } {
  const want = ctx.options.comparator;
  if (want === 'llm' || (want === 'auto' && ctx.judges.llm)) {
    if (!ctx.judges.llm) throw new UserError('certainty: comparator "llm" needs a judge model (judges.llm)', { hint: 'configure an evaluation model or use comparator: offline' });
    const o: ConstructorParameters<typeof LlmCertaintyJudge>[1] = { temperature: ctx.options.temperature };
    if (ctx.options.maxTokens !== undefined) o.maxTokens = ctx.options.maxTokens;
    if (moderator) o.moderator = moderator;
    if (ctx.judges.reask) o.reask = true;
    const claims = new LlmCertaintyJudge(ctx.judges.llm, o);
    if (ctx.options.level === 'document') return { kind: 'llm', comparator: new DocumentCertaintyComparator(ctx.judges.llm, claims, ctx.options.maxTokens !== undefined ? { maxTokens: ctx.options.maxTokens } : {}) };
    return { kind: 'llm', comparator: claims };
  }
  if (ctx.options.level === 'document') {
    throw new UserError('certainty: level "document" aligns claims with the LLM judge (judges.llm); the offline comparator cannot', { hint: 'configure judges.llm (or --llm-judge)' });
  }
  if (ctx.options.moderator !== undefined) {
    throw new UserError(`certainty: a moderator (${ctx.options.moderator}) reviews the LLM judge's order-inconsistent labels, but this run compares with the offline comparator`, { hint: 'configure judges.llm (or --llm-judge), or drop the moderator' });
  }
  return { kind: 'offline', comparator: offlineComparatorWithBands({ tieBand: ctx.options.offlineTieBand, clearBand: ctx.options.offlineClearBand }) };
}

function store(calls: readonly OrderCall[], keep: boolean): StoredCall[] {
  return calls.map((c) => {
    const s: StoredCall = { presentation: c.presentation, score: c.score, canonical: c.canonical };
    if (keep) s.reasoning = c.reasoning;
    // an unreadable reply is kept with its reason, so the items view can show what the judge wrote
    if (c.unreadable !== undefined) {
      s.unreadable = c.unreadable;
      if (c.raw !== undefined) s.raw = c.raw;
    }
    if (c.reasked) s.reasked = c.reasked;
    return s;
  });
}

export async function measureCertainty(record: CertaintyRecord, ctx: ProbeContext<CertaintyOptions>, moderator?: LanguageModel): Promise<CertaintyMeasurement> {
  const { kind, comparator } = resolveComparator(ctx, ctx.judges.moderator ?? moderator);
  const o = ctx.signal ? { signal: ctx.signal } : {};
  // broken telephone: every turn against the original; the item's label is the last turn's
  const turns: NonNullable<CertaintyMeasurement['turns']> = [];
  if (record.turns && record.turns.length > 1) {
    for (const [t, text] of record.turns.slice(0, -1).entries()) turns.push({ turn: t + 1, label: (await comparator.compare(record.original, text, o)).label });
  }
  const j = await comparator.compare(record.original, record.rewrite, o);
  if (turns.length > 0) turns.push({ turn: turns.length + 1, label: j.label });
  const keep = ctx.options.keepReasoning;
  const m: CertaintyMeasurement = {
    label: j.label,
    comparator: kind,
    judgeLabel: j.judgeLabel,
    calls: store(j.calls, keep),
  };
  const wed = await stoppable(record.original.length + record.rewrite.length, () => cappedWordEditDistance(record.original, record.rewrite, ctx.options.maxWedPairs), ctx.signal);
  if ('wed' in wed) m.wed = wed.wed;
  else m.wedSkipped = wed.skipped;
  if (j.alignment) m.alignment = j.alignment;
  if (j.moderator) m.moderator = { label: j.moderator.label, calls: store(j.moderator.calls, keep) };
  if (record.sourceCertainty !== undefined) m.sourceCertainty = record.sourceCertainty;
  if (record.sourceRanking !== undefined) m.sourceRanking = record.sourceRanking;
  if (turns.length > 0) m.turns = turns;
  if (ctx.judges.embedder) m.cosine = await embeddingCosine(ctx.judges.embedder, record.original, record.rewrite, ctx.signal);
  return m;
}
