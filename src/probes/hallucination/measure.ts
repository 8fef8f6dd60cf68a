import { UserError } from '../../core/errors.js';
import { parseVerdict } from '../../judges/verdict/index.js';
import type { LanguageModel } from '../../models/types.js';
import { factCheckParams } from '../../tasks/fact-check-task.js';
import { renderFactcheckPrompt, type FactcheckStrategy } from '../../tasks/factcheck-prompts.js';
import type { ProbeContext } from '../types.js';
import { itemDay, periodOf, resolveCutoff } from './cutoffs.js';
import type { HallucinationMeasurement, HallucinationOptions, HallucinationRecord, ItemVerdict } from './schema.js';

function route(record: HallucinationRecord, ctx: ProbeContext<HallucinationOptions>): 'recorded' | 'llm' {
  const ev = ctx.options.evaluator;
  const has = record.true_answer !== undefined && record.false_answer !== undefined;
  if (ev === 'recorded' || (ev === 'auto' && has)) {
    if (!has) throw new UserError(`hallucination record "${record.id}": evaluator "recorded" needs both true_answer and false_answer`);
    return 'recorded';
  }
  if (!ctx.judges.llm) {
    throw new UserError(`hallucination record "${record.id}": no recorded answers and no model to fact-check`, {
      hint: 'configure the model under test (judges.llm), or give records true_answer and false_answer',
    });
  }
  return 'llm';
}

function cutoffFor(modelId: string, options: HallucinationOptions): { cutoff: string; source: string } {
  if (options.cutoff !== undefined) return { cutoff: options.cutoff, source: 'options.cutoff' };
  const found = resolveCutoff(modelId, options.cutoffs);
  if (found === undefined) {
    throw new UserError(`hallucination: the knowledge cutoff of model "${modelId}" is unknown, so pre/post-cutoff cannot be split`, {
      hint: `add it to probes.hallucination.options.cutoffs, e.g. "${modelId}": "2024-06"`,
    });
  }
  return found;
}

async function ask(model: LanguageModel, strategy: FactcheckStrategy, text: string, cutoff: string, recordId: string, ctx: ProbeContext<HallucinationOptions>): Promise<ItemVerdict> {
  if (ctx.ask) {
    // `slant run`: through the cell's condition (the fact-check task, maybe under a mitigation)
    const r = await ctx.ask({ id: recordId, fields: { statement: text, cutoff } });
    const answer = String(r.fields.answer ?? '');
    return { ...read(answer), answer };
  }
  const res = await model.generate({
    messages: renderFactcheckPrompt(strategy, text, cutoff),
    params: factCheckParams(ctx.options),
    task: { kind: 'fact-check', input: text, recordId },
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  return { ...read(res.text, res.finishReason), answer: res.text };
}

/** The verdict an answer states (an answer cut at the token limit that states none is counted as cut). */
function read(answer: string, finishReason?: string): ItemVerdict {
  const p = parseVerdict(answer);
  const v: ItemVerdict = { verdict: p.verdict, confidence: p.confidence, via: p.via };
  if (p.unreadable !== undefined) {
    v.unreadable = p.unreadable;
    if (finishReason === 'length') v.exclusion = 'truncated';
  }
  return v;
}

/**
 * One pair: ask the model (or read the recorded answers) about the true item and the falsified
 * item, and place the pair before or after the model's cutoff.
 */
export async function measureHallucination(record: HallucinationRecord, ctx: ProbeContext<HallucinationOptions>): Promise<HallucinationMeasurement> {
  const r = route(record, ctx);
  const modelId = r === 'llm' ? (ctx.judges.llm?.id ?? '') : record.model;
  if (modelId === undefined || modelId === '') {
    if (ctx.options.cutoff === undefined)
      throw new UserError(`hallucination record "${record.id}": recorded answers without a "model" field and no options.cutoff`);
  }
  const model = modelId ?? 'recorded';
  const { cutoff, source } = cutoffFor(model, ctx.options);
  const strategy = ctx.options.strategy;
  let actual: ItemVerdict;
  let falsified: ItemVerdict;
  if (r === 'recorded') {
    actual = read(record.true_answer ?? '');
    falsified = read(record.false_answer ?? '');
  } else {
    const llm = ctx.judges.llm;
    if (!llm) throw new Error('unreachable: llm route without a model');
    actual = await ask(llm, strategy, record.true_text, cutoff, `${record.id}#true`, ctx);
    falsified = await ask(llm, strategy, record.false_text, cutoff, `${record.id}#false`, ctx);
  }
  return {
    model,
    strategy,
    date: itemDay(record.date),
    cutoff,
    cutoffSource: source,
    period: periodOf(record.date, cutoff),
    evaluator: r,
    actual,
    falsified,
  };
}
