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
import { currentCell, type ItemScope } from './cell-scope.js';

/** Output tokens a request reserves when neither it nor its model has a bound. */
export const UNLIMITED_OUTPUT_RESERVE = 4096;

/**
 * Per cell (`<model label>\u0000<condition label>`): per judge model, the most input and output
 * tokens the judge calls of one item take (the cost plan's dry run; src/pipeline/cost-plan/).
 */
export type JudgeReserve = Record<string, Record<string, { inputTokens: number; outputTokens: number }>>;

export const judgeReserveKey = (model: string, condition: string): string => `${model}\u0000${condition}`;

export interface BudgetLimits {
  usd?: number;
  tokens?: number;
  models?: Record<string, { usd?: number; tokens?: number }>;
}

export interface Spend {
  usd: number;
  tokens: number;
}

/**
 * One spend shared by several processes (the workers of a distributed run). `reserve` reads what
 * every process spent and holds (its own changes first), asks `decide` which limit `need` would
 * pass, and when none, reserves `need` for this process: all at once, so two processes never both
 * take the last of a budget. `limits` are the run's as they are now (a resume may raise them).
 * A limit `decide` names becomes the shared reached limit. `adjust`
 * changes this process's reserved and spent (an answer settled, a hold given back).
 */
export interface SharedSpend {
  reserve(
    need: ReadonlyMap<string, Spend>,
    decide: (spent: ReadonlyMap<string, Spend>, reserved: ReadonlyMap<string, Spend>, reached: string | undefined, limits: BudgetLimits) => string | undefined,
  ): Promise<string | undefined>;
  adjust(model: string, reserved: Spend, spent: Spend): void;
  /** what every process spent per model, and the limit reached, if any */
  totals(): Promise<{ spent: Map<string, Spend>; reached: string | undefined }>;
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
  /** what each record in progress still holds for its judge calls, per cell and judge model (also counted in `reserved`) */
  private readonly holds = new WeakMap<ItemScope, Map<string, Map<string, Spend>>>();
  /** holds of records whose request was sent outside the run's cells (batches), until the record takes them over */
  private readonly pending = new Map<string, Map<string, Spend>>();
  /** the first limit reached (the run's stop reason) */
  reachedLimit: string | undefined;
  private readonly stopper = new AbortController();

  constructor(
    readonly limits: BudgetLimits,
    private readonly prices: PriceTable,
    private readonly opts: { batchModels?: ReadonlySet<string>; warn?: (line: string) => void; spentBefore?: Record<string, Spend>; judgeReserve?: JudgeReserve; shared?: SharedSpend } = {},
  ) {
    for (const [m, s] of Object.entries(opts.spentBefore ?? {})) this.spent.set(m, { ...s });
  }

  /** A shared spend's totals over every process (a distributed run's coordinator, at its end): what this budget reports from then on. */
  adopt(t: { spent: ReadonlyMap<string, Spend>; reached: string | undefined }): void {
    this.spent.clear();
    for (const [m, s] of t.spent) this.spent.set(m, { ...s });
    this.reachedLimit ??= t.reached;
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
    return sum(which === 'spent' ? this.spent : this.reserved);
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
    const cell = currentCell();
    const item = cell?.item;
    // once the budget is reached nothing new starts; a record begun before goes on with what it holds
    const held = item !== undefined ? this.holdOf(item, cell!.model, cell!.condition) : undefined;
    if (this.reachedLimit !== undefined && held === undefined) {
      this.stopper.abort(new BudgetReachedError(this.reachedLimit));
      throw new BudgetReachedError(this.reachedLimit);
    }
    const want = await this.requestSpend(model, provider, messages, maxTokens);
    // what this request needs beyond what its record holds in this cell, and, at the record's first request there, what it must hold for its judge calls
    const need = new Map<string, Spend>([[model, want]]);
    // (an empty hold too: the record may go on in this cell once the budget is reached, each request still checked)
    const ahead = item !== undefined && held === undefined ? (this.ahead(cell!.model, cell!.condition) ?? new Map<string, Spend>()) : undefined;
    if (ahead !== undefined) for (const [m, h] of ahead) add(need, m, h);
    const hold = held ?? ahead;
    let covered: Spend | undefined;
    if (hold !== undefined && model !== item?.generator) {
      const h = hold.get(model);
      if (h !== undefined) covered = { usd: Math.min(h.usd, want.usd), tokens: Math.min(h.tokens, want.tokens) };
      if (covered !== undefined) add(need, model, { usd: -covered.usd, tokens: -covered.tokens });
    }
    const over = await this.admit(need, want.usd > 0 || resolvePrice(model, this.prices) !== undefined, held === undefined);
    if (over !== undefined) {
      this.reachedLimit ??= over;
      this.stopper.abort(new BudgetReachedError(over));
      throw new BudgetReachedError(over);
    }
    if (item !== undefined && ahead !== undefined) this.keepHold(item, cell!.model, cell!.condition, ahead);
    if (hold !== undefined && covered !== undefined) add(hold, model, { usd: -covered.usd, tokens: -covered.tokens });
    return want;
  }

  /**
   * Reserve, for a record of a cell, a request sent outside the run's cells (the Batch API's
   * generations, at batch prices; none for an answer the cache gives) with the judge calls the
   * record will need there, which the record takes over when the run measures it. When it does not
   * fit, the budget is reached but the run is not stopped yet: the records that hold go on, and the
   * first request of a record that holds nothing stops the run.
   */
  async reserveFor(cell: { model: string; condition: string; record: string }, request?: { model: string; provider: string; messages: readonly ChatMessage[]; maxTokens: number | undefined }): Promise<Spend> {
    if (this.reachedLimit !== undefined) throw new BudgetReachedError(this.reachedLimit);
    const want = request !== undefined ? await this.requestSpend(request.model, request.provider, request.messages, request.maxTokens) : zero();
    const need = new Map<string, Spend>(request !== undefined ? [[request.model, want]] : []);
    const ahead = this.ahead(cell.model, cell.condition) ?? new Map<string, Spend>();
    for (const [m, h] of ahead) add(need, m, h);
    const over = await this.admit(need, want.usd > 0 || (request !== undefined && resolvePrice(request.model, this.prices) !== undefined), true);
    if (over !== undefined) {
      this.reachedLimit ??= over;
      throw new BudgetReachedError(over);
    }
    this.pending.set(`${judgeReserveKey(cell.model, cell.condition)}\u0000${cell.record}`, ahead);
    return want;
  }

  /** A request's most: its input tokens and its output bound, priced (at batch prices for a batched model). */
  private async requestSpend(model: string, provider: string, messages: readonly ChatMessage[], maxTokens: number | undefined): Promise<Spend> {
    const input = (await countInputTokens(model, messages)).tokens;
    const output = outputBound(model, provider, maxTokens)?.tokens ?? UNLIMITED_OUTPUT_RESERVE;
    const usd = this.cost(model, { inputTokens: input, outputTokens: output });
    if (usd === undefined && this.limits.usd !== undefined && this.limits.tokens === undefined && this.limits.models?.[model] === undefined && !this.unpricedWarned.has(model)) {
      this.unpricedWarned.add(model);
      this.opts.warn?.(`warning: ${model} has no price: its requests are not counted against the USD budget (add it under prices:, or set budget.tokens)`);
    }
    return { usd: usd ?? 0, tokens: input + output };
  }

  /**
   * Reserve `need` unless it would pass a limit, or the budget was reached and the request begins
   * new work (no hold of a record begun): the limit it would pass, else undefined. With a shared
   * spend the check reads every process's spend and holds, in one step with the reservation.
   */
  private async admit(need: ReadonlyMap<string, Spend>, priced: boolean, beginsWork: boolean): Promise<string | undefined> {
    const shared = this.opts.shared;
    if (shared === undefined) {
      const over = this.reachedLimit !== undefined && beginsWork ? this.reachedLimit : this.wouldPass(need, priced, this.spent, this.reserved, this.limits);
      if (over === undefined) for (const [m, n] of need) add(this.reserved, m, n);
      return over;
    }
    const over = await shared.reserve(need, (spent, reserved, reached, limits) => (reached !== undefined && beginsWork ? reached : this.wouldPass(need, priced, spent, reserved, limits)));
    // this process's own view (the shared spend made the reservation)
    if (over === undefined) for (const [m, n] of need) add(this.reserved, m, n);
    return over;
  }

  /** Change what this process holds in flight and has spent (and the shared spend's record of it). */
  private change(model: string, reserved: Spend, spent: Spend = zero()): void {
    add(this.reserved, model, reserved);
    if (spent.usd !== 0 || spent.tokens !== 0) add(this.spent, model, spent);
    this.opts.shared?.adjust(model, reserved, spent);
  }

  /** What a record holds in a cell: its own hold, or the one a request sent for it outside the cell left (taken over now). */
  private holdOf(item: ItemScope, cellModel: string, condition: string): Map<string, Spend> | undefined {
    const key = judgeReserveKey(cellModel, condition);
    const own = this.holds.get(item)?.get(key);
    if (own !== undefined) return own;
    const left = this.pending.get(`${key}\u0000${item.record}`);
    if (left === undefined) return undefined;
    this.pending.delete(`${key}\u0000${item.record}`);
    this.keepHold(item, cellModel, condition, left);
    return left;
  }

  private keepHold(item: ItemScope, cellModel: string, condition: string, hold: Map<string, Spend>): void {
    let byCell = this.holds.get(item);
    if (byCell === undefined) {
      this.holds.set(item, (byCell = new Map()));
      item.onEnd.push(() => {
        for (const h of byCell!.values()) this.releaseHold(h);
      });
    }
    byCell.set(judgeReserveKey(cellModel, condition), hold);
  }

  /** What the judge calls of one item of this cell take at most, priced, per judge model. */
  private ahead(modelLabel: string, condition: string): Map<string, Spend> | undefined {
    const per = this.opts.judgeReserve?.[judgeReserveKey(modelLabel, condition)];
    if (per === undefined) return undefined;
    const out = new Map<string, Spend>();
    for (const [m, t] of Object.entries(per)) out.set(m, { usd: this.cost(m, t) ?? 0, tokens: t.inputTokens + t.outputTokens });
    return out;
  }

  /** The item ended: what it still held for judge calls is given back. */
  private releaseHold(hold: Map<string, Spend>): void {
    for (const [m, h] of hold) this.change(m, { usd: -h.usd, tokens: -h.tokens });
    hold.clear();
  }

  /** The answer arrived: its reservation becomes what it used (the reservation itself when no usage was reported). */
  settle(model: string, reservation: Spend, usage: { inputTokens: number; outputTokens: number } | undefined): void {
    const used: Spend = usage === undefined ? reservation : { usd: this.cost(model, usage) ?? 0, tokens: usage.inputTokens + usage.outputTokens };
    this.change(model, { usd: -reservation.usd, tokens: -reservation.tokens }, used);
  }

  /** The request failed before an answer: its reservation is released (a failed request is not billed). */
  release(model: string, reservation: Spend): void {
    this.change(model, { usd: -reservation.usd, tokens: -reservation.tokens });
  }

  /** Which limit `need` (per model) would pass, counting what was spent and what is in flight. */
  private wouldPass(need: ReadonlyMap<string, Spend>, priced: boolean, spentBy: ReadonlyMap<string, Spend>, reservedBy: ReadonlyMap<string, Spend>, l: BudgetLimits): string | undefined {
    const spent = sum(spentBy);
    const reserved = sum(reservedBy);
    const want = zero();
    for (const n of need.values()) {
      want.usd += n.usd;
      want.tokens += n.tokens;
    }
    // a request to a model without a price is not held against a USD limit (unless its item's judge calls are priced)
    if ((priced || want.usd > 0) && l.usd !== undefined && spent.usd + reserved.usd + want.usd > l.usd) return `the run's $${l.usd} (spent $${spent.usd.toFixed(4)}, $${reserved.usd.toFixed(4)} in flight or held for judge calls)`;
    if (l.tokens !== undefined && spent.tokens + reserved.tokens + want.tokens > l.tokens) return `the run's ${l.tokens} tokens (spent ${spent.tokens}, ${reserved.tokens} in flight or held for judge calls)`;
    for (const [model, w] of need) {
      const m = l.models?.[model];
      if (m === undefined) continue;
      const s = spentBy.get(model) ?? zero();
      const r = reservedBy.get(model) ?? zero();
      if ((priced || w.usd > 0) && m.usd !== undefined && s.usd + r.usd + w.usd > m.usd) return `${model}'s $${m.usd} (spent $${s.usd.toFixed(4)}, $${r.usd.toFixed(4)} in flight or held for judge calls)`;
      if (m.tokens !== undefined && s.tokens + r.tokens + w.tokens > m.tokens) return `${model}'s ${m.tokens} tokens (spent ${s.tokens}, ${r.tokens} in flight or held for judge calls)`;
    }
    return undefined;
  }

  /** The error that ends a run stopped by its budget (exit 4). */
  stoppedError(runId: string, opts: { workers?: boolean } = {}): UserError {
    const t = this.total();
    return new UserError(`run ${runId} stopped before a request would pass its budget: ${this.reachedLimit ?? ''}; spent $${t.usd.toFixed(4)}, ${t.tokens} tokens; everything finished is stored`, {
      exitCode: EXIT.provider,
      hint: `continue with a higher budget: \`slant run${opts.workers === true ? ' --workers' : ''} --resume ${runId} --max-cost <USD>\` (or --max-tokens <n>); nothing stored is asked again`,
    });
  }
}

function sum(by: ReadonlyMap<string, Spend>): Spend {
  const t = zero();
  for (const s of by.values()) {
    t.usd += s.usd;
    t.tokens += s.tokens;
  }
  return t;
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
