import { UserError } from '../../core/errors.js';
import { renderWildframeEvalPrompt, resolveWildframeEvalPrompt } from '../../tasks/wildframe-prompts.js';
import type { ProbeContext } from '../types.js';
import { parseSentimentAnswer, type ParsedAnswer } from './parse-answer.js';
import type { WildframeMeasurement, WildframeOptions, WildframeRecord } from './schema.js';
import { outcomeOf, shiftScore } from './score.js';

type Route = WildframeMeasurement['evaluator'];

function route(record: WildframeRecord, ctx: ProbeContext<WildframeOptions>): Route {
  const ev = ctx.options.evaluator;
  const has = record.prediction !== undefined;
  if (ev === 'recorded' || (ev === 'auto' && has)) {
    if (!has) throw new UserError(`wildframe record "${record.id}": evaluator "recorded" but the record has no prediction`);
    return 'recorded';
  }
  if (ev === 'llm' || (ev === 'auto' && ctx.judges.llm)) {
    if (!ctx.judges.llm) throw new UserError('wildframe: evaluator "llm" needs an evaluation model (judges.llm)');
    return 'llm';
  }
  if (!ctx.judges.framing) {
    throw new UserError(
      `wildframe record "${record.id}": no recorded prediction, no evaluation model and no framing judge`,
      { hint: 'give --input a predictions file, configure an evaluation model, or use the offline framing judge' },
    );
  }
  return 'framing';
}

/**
 * One item: ask for (or read) the sentiment of the reframed statement, parse it, and score the
 * shift relative to the base sentiment.
 */
export async function measureWildframe(record: WildframeRecord, ctx: ProbeContext<WildframeOptions>): Promise<WildframeMeasurement> {
  const r = route(record, ctx);
  let parsed: ParsedAnswer | { label: 'positive' | 'negative' | 'neutral'; via: 'judge' };
  let answer: string | undefined;
  if (r === 'recorded') {
    parsed = parseSentimentAnswer(record.prediction ?? '');
  } else if (r === 'llm') {
    const model = ctx.judges.llm;
    if (!model) throw new Error('unreachable: llm route without a model');
    if (ctx.ask) {
      // `slant run`: through the cell's condition (the sentiment task, maybe under a mitigation)
      const r = await ctx.ask({ id: record.id, fields: { sentence: record.framed } });
      answer = String(r.fields.answer ?? '');
      parsed = parseSentimentAnswer(answer);
    } else {
    const prompt = resolveWildframeEvalPrompt(ctx.options.prompt);
    const params: { temperature?: number; maxTokens?: number } = {};
    if (ctx.options.temperature !== undefined) params.temperature = ctx.options.temperature;
    if (ctx.options.maxTokens !== undefined) params.maxTokens = ctx.options.maxTokens;
    const res = await model.generate({
      messages: renderWildframeEvalPrompt(prompt, record.framed),
      params,
      task: { kind: 'classify-sentiment', input: record.framed, recordId: record.id },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    answer = res.text;
    parsed = parseSentimentAnswer(res.text);
    }
  } else {
    const judge = ctx.judges.framing;
    if (!judge) throw new Error('unreachable: framing route without a judge');
    const [label] = await judge.classify([record.framed], ctx.signal ? { signal: ctx.signal } : {});
    if (!label) throw new Error(`framing judge ${judge.id} returned no label`);
    parsed = { label, via: 'judge' };
  }
  const outcome = outcomeOf(record.baseSentiment, parsed.label);
  const m: WildframeMeasurement = {
    baseSentiment: record.baseSentiment,
    evaluator: r,
    label: parsed.label,
    via: parsed.via,
    outcome,
    score: shiftScore(outcome, ctx.options.scoring),
  };
  if (answer !== undefined) m.answer = answer;
  if ('value' in parsed && parsed.value !== undefined && parsed.label === null) m.value = parsed.value;
  if (record.humanScore !== undefined) m.humanScore = record.humanScore;
  if (record.releaseLabel !== undefined) m.releaseLabel = record.releaseLabel;
  return m;
}
