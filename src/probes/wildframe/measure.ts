import { UserError } from '../../core/errors.js';
import { renderWildframeEvalPrompt, resolveWildframeEvalPrompt } from '../../tasks/wildframe-prompts.js';
import type { ProbeContext } from '../types.js';
import { isUnreadableAnswer } from '../../core/types.js';
import { askForLabel, readResult } from '../../judges/ask-label.js';
import { parseSentimentAnswer, type SentimentLabel } from './parse-answer.js';
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
/** What an answer's label is read as: the release's keyword rule, or the label the answer states. */
type Read = { label: SentimentLabel | null; via: WildframeMeasurement['via']; value?: string; unreadable?: string; exclusion?: string };

function readWith(reader: 'stated' | 'release-keywords', answer: string, finishReason?: string): Read {
  if (reader === 'release-keywords') return parseSentimentAnswer(answer);
  const r = readResult({ text: answer, ...(finishReason ? { finishReason: finishReason as 'length' } : {}) }, 'sentiment');
  if ('label' in r) return { label: r.label as SentimentLabel, via: r.via };
  return { label: null, via: 'none', unreadable: r.unreadable, ...(r.exclusion ? { exclusion: r.exclusion } : {}) };
}

export async function measureWildframe(record: WildframeRecord, ctx: ProbeContext<WildframeOptions>): Promise<WildframeMeasurement> {
  const r = route(record, ctx);
  // the release's rule reproduces the released prediction files; an answer slant asks for is read as it states its label
  const reader = ctx.options.reader === 'auto' ? (r === 'recorded' ? 'release-keywords' : 'stated') : ctx.options.reader;
  let parsed: Read;
  let answer: string | undefined;
  let reasked: WildframeMeasurement['reasked'];
  if (r === 'recorded') {
    parsed = readWith(reader, record.prediction ?? '');
  } else if (r === 'llm') {
    const model = ctx.judges.llm;
    if (!model) throw new Error('unreachable: llm route without a model');
    if (ctx.ask) {
      // `slant run`: through the cell's condition (the sentiment task, maybe under a mitigation)
      const r = await ctx.ask({ id: record.id, fields: { sentence: record.framed } });
      answer = String(r.fields.answer ?? '');
      parsed = readWith(reader, answer);
    } else {
    const prompt = resolveWildframeEvalPrompt(ctx.options.prompt);
    const params: { temperature?: number; maxTokens?: number } = {};
    if (ctx.options.temperature !== undefined) params.temperature = ctx.options.temperature;
    if (ctx.options.maxTokens !== undefined) params.maxTokens = ctx.options.maxTokens;
    const req = {
      messages: renderWildframeEvalPrompt(prompt, record.framed),
      params,
      task: { kind: 'classify-sentiment', input: record.framed, recordId: record.id },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    };
    if (reader === 'stated') {
      // the stated label, with one re-ask of an unreadable answer when judges.reask is on
      const r = await askForLabel(model, req, 'sentiment', { reask: ctx.judges.reask ?? false });
      answer = r.answer;
      parsed = 'label' in r ? { label: r.label as SentimentLabel, via: r.via } : { label: null, via: 'none', unreadable: r.unreadable, ...(r.exclusion ? { exclusion: r.exclusion } : {}) };
      if (r.reasked) reasked = { answer: r.reasked.answer, unreadable: r.reasked.unreadable };
    } else {
      const res = await model.generate(req);
      answer = res.text;
      parsed = readWith(reader, res.text, res.finishReason);
    }
    }
  } else {
    const judge = ctx.judges.framing;
    if (!judge) throw new Error('unreachable: framing route without a judge');
    const [label] = await judge.classify([record.framed], ctx.signal ? { signal: ctx.signal } : {});
    if (!label) throw new Error(`framing judge ${judge.id} returned no label`);
    if (isUnreadableAnswer(label)) {
      parsed = { label: null, via: 'judge', unreadable: label.unreadable, ...(label.exclusion ? { exclusion: label.exclusion } : {}) };
      answer = label.answer;
    } else parsed = { label, via: 'judge' };
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
  if (parsed.value !== undefined && parsed.label === null) m.value = parsed.value;
  if (parsed.label === null) m.unreadable = parsed.unreadable ?? (parsed.value !== undefined ? `"sentiment" is "${parsed.value}", not a label` : 'no label found');
  if (parsed.exclusion !== undefined) m.exclusion = parsed.exclusion;
  if (reasked) m.reasked = reasked;
  if (record.humanScore !== undefined) m.humanScore = record.humanScore;
  if (record.releaseLabel !== undefined) m.releaseLabel = record.releaseLabel;
  return m;
}
