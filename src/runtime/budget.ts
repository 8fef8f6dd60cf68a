/**
 * A run's budget (`budget:` in slant.yaml, `--max-cost`, `--max-tokens`): USD and/or tokens, for
 * the whole run and per model. Every request that reaches a provider (the request cache's answers
 * are free) first reserves its most: its input tokens (the model's tokenizer, or an estimate) and
 * its output token limit, priced from the price table. A request whose reservation, with what was
 * spent and what the requests in flight reserved, would pass a limit is not sent: the budget is
 * reached, the run starts no new work, the requests in flight finish and are stored, and the run
 * ends with exit 4 (`--resume` with a higher budget goes on; nothing stored is asked again). When
 * an answer arrives its reservation is replaced by what it used (its reported usage).
 *
 * A request without a token limit (slant sets none on hosted judges) reserves the model's largest
 * answer (src/runtime/output-limit.ts); for a model whose largest answer slant does not know,
 * UNLIMITED_OUTPUT_RESERVE output tokens: only such an answer, longer than that, can pass the
 * budget by its excess. A model without a price counts its tokens against token limits; with only USD limits
 * it is allowed, and named once in a warning.
 */
import { UserError, EXIT } from '../core/errors.js';
import type { ChatMessage, LanguageModel } from '../models/types.js';
import { wrapLanguageModel } from '../models/wrap.js';
import { outputBound } from './output-limit.js';
import { costOf, resolvePrice, type Price, type PriceTable } from './cost.js';
import { countInputTokens } from './token-count.js';

const UNLIMITED_OUTPUT_RESERVE = 4096;

export interface BudgetLimits {
  usd?: number;
  tokens?: number;
  models?: Record<string, { usd?: number; tokens?: number }>;
}

interface Spend {
  usd: number;
  tokens: number;
}

/** Thrown instead of sending a request the budget cannot take. The run stops cleanly (exit 4). */
export class BudgetReachedError extends Error {
  constructor(readonly limit: string) {
    super(`budget reached: ${limit}`);
    this.name = 'BudgetReachedError';
  }
}

const zero = (): Spend => ({ usd: 0, tokens: 0 });

export class Budget {
  /** what answered requests used (this invocation, plus what earlier invocations of the run recorded) */
  private readonly spent = new Map<string, Spend>();
  /** what requests in flight reserved */
  private readonly reserved = new Map<string, Spend>();
  private readonly unpricedWarned = new Set<string>();
  /** the first limit reached (the run's stop reason) */
  reachedLimit: string | undefined;
  private readonly stopper = new AbortController();

  constructor(
    readonly limits: BudgetLimits,
    private readonly prices: PriceTable,
    private readonly opts: { batchModels?: ReadonlySet<string>; warn?: (line: string) => void; spentBefore?: Record<string, Spend> } = {},
  ) {
    for (const [m, s] of Object.entries(opts.spentBefore ?? {})) this.spent.set(m, { ...s });
  }

  /** Aborted when the budget is reached: the executor starts no new work. */
  get stop(): AbortSignal {
    return this.stopper.signal;
  }

  get active(): boolean {
    return this.limits.usd !== undefined || this.limits.tokens !== undefined || Object.keys(this.limits.models ?? {}).length > 0;
  }

  /** Spend so far per model (answered requests only). */
  spentByModel(): Record<string, Spend> {
    return Object.fromEntries([...this.spent].map(([k, v]) => [k, { ...v }]));
  }

  total(which: 'spent' | 'reserved' = 'spent'): Spend {
    const t = zero();
    for (const s of (which === 'spent' ? this.spent : this.reserved).values()) {
      t.usd += s.usd;
      t.tokens += s.tokens;
    }
    return t;
  }

  private price(model: string): Price | undefined {
    return resolvePrice(model, this.prices);
  }

  private cost(model: string, tokens: { inputTokens: number; outputTokens: number }): number | undefined {
    const p = this.price(model);
    return p === undefined ? undefined : costOf(tokens, p, { batch: this.opts.batchModels?.has(model) === true });
  }

  /** Reserve a request's most, or refuse it (BudgetReachedError) when it would pass a limit. */
  async reserve(model: string, provider: string, messages: readonly ChatMessage[], maxTokens: number | undefined): Promise<Spend> {
    if (this.reachedLimit !== undefined) throw new BudgetReachedError(this.reachedLimit);
    const input = (await countInputTokens(model, messages)).tokens;
    const output = outputBound(model, provider, maxTokens)?.tokens ?? UNLIMITED_OUTPUT_RESERVE;
    const usd = this.cost(model, { inputTokens: input, outputTokens: output });
    if (usd === undefined && this.limits.usd !== undefined && this.limits.tokens === undefined && this.limits.models?.[model] === undefined && !this.unpricedWarned.has(model)) {
      this.unpricedWarned.add(model);
      this.opts.warn?.(`warning: ${model} has no price: its requests are not counted against the USD budget (add it under prices:, or set budget.tokens)`);
    }
    const want: Spend = { usd: usd ?? 0, tokens: input + output };
    const over = this.wouldPass(model, want, usd !== undefined);
    if (over !== undefined) {
      this.reachedLimit = over;
      this.stopper.abort(new BudgetReachedError(over));
      throw new BudgetReachedError(over);
    }
    add(this.reserved, model, want);
    return want;
  }

  /** The answer arrived: its reservation becomes what it used (the reservation itself when no usage was reported). */
  settle(model: string, reservation: Spend, usage: { inputTokens: number; outputTokens: number } | undefined): void {
    add(this.reserved, model, { usd: -reservation.usd, tokens: -reservation.tokens });
    const used: Spend = usage === undefined ? reservation : { usd: this.cost(model, usage) ?? 0, tokens: usage.inputTokens + usage.outputTokens };
    add(this.spent, model, used);
  }

  /** The request failed before an answer: its reservation is released (a failed request is not billed). */
  release(model: string, reservation: Spend): void {
    add(this.reserved, model, { usd: -reservation.usd, tokens: -reservation.tokens });
  }

  /** Which limit `want` would pass, counting what was spent and what is in flight. */
  private wouldPass(model: string, want: Spend, priced: boolean): string | undefined {
    const spent = this.total('spent');
    const reserved = this.total('reserved');
    const l = this.limits;
    if (priced && l.usd !== undefined && spent.usd + reserved.usd + want.usd > l.usd) return `the run's $${l.usd} (spent $${spent.usd.toFixed(4)}, $${reserved.usd.toFixed(4)} in flight)`;
    if (l.tokens !== undefined && spent.tokens + reserved.tokens + want.tokens > l.tokens) return `the run's ${l.tokens} tokens (spent ${spent.tokens}, ${reserved.tokens} in flight)`;
    const m = l.models?.[model];
    if (m !== undefined) {
      const s = this.spent.get(model) ?? zero();
      const r = this.reserved.get(model) ?? zero();
      if (priced && m.usd !== undefined && s.usd + r.usd + want.usd > m.usd) return `${model}'s $${m.usd} (spent $${s.usd.toFixed(4)}, $${r.usd.toFixed(4)} in flight)`;
      if (m.tokens !== undefined && s.tokens + r.tokens + want.tokens > m.tokens) return `${model}'s ${m.tokens} tokens (spent ${s.tokens}, ${r.tokens} in flight)`;
    }
    return undefined;
  }

  /** The error that ends a run stopped by its budget (exit 4). */
  stoppedError(runId: string): UserError {
    const t = this.total();
    return new UserError(`run ${runId} stopped before a request would pass its budget: ${this.reachedLimit ?? ''}; spent $${t.usd.toFixed(4)}, ${t.tokens} tokens; everything finished is stored`, {
      exitCode: EXIT.provider,
      hint: `continue with a higher budget: \`slant run --resume ${runId} --max-cost <USD>\` (or --max-tokens <n>); nothing stored is asked again`,
    });
  }
}

function add(map: Map<string, Spend>, model: string, s: Spend): void {
  const cur = map.get(model) ?? zero();
  map.set(model, { usd: cur.usd + s.usd, tokens: cur.tokens + s.tokens });
}

/** `model` with each request reserving its most against the budget before it is sent (under the request cache: cached answers are free). */
export function withBudget(model: LanguageModel, budget: Budget): LanguageModel {
  return wrapLanguageModel(model, {
    async generate(next, req) {
      const r = await budget.reserve(model.id, model.provider, req.messages, req.params?.maxTokens);
      let res;
      try {
        res = await next(req);
      } catch (err) {
        budget.release(model.id, r);
        throw err;
      }
      budget.settle(model.id, r, res.usage);
      return res;
    },
  });
}
