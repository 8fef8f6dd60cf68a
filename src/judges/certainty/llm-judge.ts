/**
 * The LLM pairwise certainty judge of Belem et al. (seed 004): Figure 24's system prompt, greedy
 * decoding by default (App. D.1: T = 0), reasoning first, the answer read from structured output
 * when the model supports a JSON schema, else from `<final_answer>` tags. Both orders are asked
 * and combined by the order-swap rule; an optional moderator model reviews inconsistent items.
 */
import type { LanguageModel } from '../../models/types.js';
import { compareBothOrders, type CertaintyModerator } from './compare-both-orders.js';
import { askForLabel } from '../ask-label.js';
import { reasoningOf, scoreOfLabel } from './parse-answer.js';
import { CERTAINTY_JUDGE_SCHEMA, renderCertaintyJudgeMessages, renderModeratorMessages } from './prompt.js';
import type { CertaintyComparator, OrderedJudgement, PairJudgement, PairwiseCertaintyJudge } from './types.js';
import type { ChatMessage, GenerateParams } from '../../models/types.js';
import { withLocalTokenLimit } from '../local-token-limit.js';

export interface LlmCertaintyJudgeOptions {
  /** default 0 (App. D.1) */
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  /** use the model's JSON-schema output when it has the capability (default true) */
  structured?: boolean;
  /** a (stronger) moderator model for inconsistent items (App. D.1) */
  moderator?: LanguageModel;
  /** ask once more, for the option alone, when a reply states none (judges.reask; off by default) */
  reask?: boolean;
}

async function ask(model: LanguageModel, messages: ChatMessage[], o: LlmCertaintyJudgeOptions, kind: string, input: string, signal?: AbortSignal, temperature?: number, sample?: number): Promise<OrderedJudgement> {
  const params: GenerateParams = { temperature: temperature ?? o.temperature ?? 0 };
  if (o.maxTokens !== undefined) params.maxTokens = o.maxTokens;
  if (o.seed !== undefined) params.seed = o.seed;
  // repeated votes on one pair (App. D.2 pass 2) are distinct requests: a seed per vote, so neither
  // the request cache nor in-flight de-duplication collapses them into one answer
  if (sample !== undefined && sample > 0) params.seed = (o.seed ?? 0) + sample;
  if ((o.structured ?? true) && model.capabilities.jsonSchema) params.jsonSchema = CERTAINTY_JUDGE_SCHEMA;
  const r = await askForLabel(model, { messages, params: withLocalTokenLimit(model, params, 'explained'), task: { kind, input }, ...(signal ? { signal } : {}) }, 'certainty', { reask: o.reask ?? false });
  const out: OrderedJudgement = { score: 'label' in r ? scoreOfLabel(r.label) : null, reasoning: reasoningOf(r.reasked?.answer ?? r.answer), raw: r.answer };
  if (!('label' in r)) {
    out.unreadable = r.unreadable;
    if (r.exclusion !== undefined) out.exclusion = r.exclusion;
  }
  if (r.reasked) out.reasked = { raw: r.reasked.answer, unreadable: r.reasked.unreadable };
  return out;
}

export class LlmCertaintyJudge implements PairwiseCertaintyJudge, CertaintyComparator {
  readonly id: string;
  readonly version: string;
  private readonly model: LanguageModel;
  private readonly opts: LlmCertaintyJudgeOptions;
  private readonly moderatorImpl?: CertaintyModerator;

  constructor(model: LanguageModel, opts: LlmCertaintyJudgeOptions = {}) {
    this.model = model;
    this.opts = opts;
    const mod = opts.moderator;
    this.id = `certainty-llm:${model.id}${mod ? `+moderator:${mod.id}` : ''}`;
    this.version = `fig24-v1/${model.version}${mod ? `/${mod.version}` : ''}`;
    if (mod) {
      this.moderatorImpl = {
        moderate: (a, b, analyses, mo) => ask(mod, renderModeratorMessages(a, b, analyses), opts, 'certainty-moderate', `${a}\n\n${b}`, mo?.signal),
      };
    }
  }

  judgeOrdered(textA: string, textB: string, o: { signal?: AbortSignal; temperature?: number; sample?: number } = {}): Promise<OrderedJudgement> {
    return ask(this.model, renderCertaintyJudgeMessages(textA, textB), this.opts, 'certainty-compare', `${textA}\n\n${textB}`, o.signal, o.temperature, o.sample);
  }

  compare(original: string, modified: string, o: { signal?: AbortSignal } = {}): Promise<PairJudgement> {
    const co: Parameters<typeof compareBothOrders>[3] = {};
    if (o.signal) co.signal = o.signal;
    if (this.moderatorImpl) co.moderator = this.moderatorImpl;
    return compareBothOrders(this, original, modified, co);
  }
}
