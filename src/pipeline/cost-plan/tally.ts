/**
 * What the cost plan counts per model (the model a request goes to: a model under test or a judge)
 * and condition: requests served by the request cache (free), requests of work a resumed run
 * already holds, fresh requests (paid) with their input tokens and the most output tokens their
 * limits allow, and the calls that depend on answers (moderator, re-asks) at their most.
 */
import type { ChatMessage, LanguageModel } from '../../models/types.js';
import { wrapLanguageModel } from '../../models/wrap.js';
import { countInputTokens } from '../../runtime/token-count.js';
import { outputBound } from '../../runtime/output-limit.js';
import { UNLIMITED_OUTPUT_RESERVE, judgeReserveKey, type JudgeReserve } from '../../runtime/budget.js';
import { currentCell, type ItemScope } from '../../runtime/cell-scope.js';
import { ANSWER_DEPENDENT_KINDS, REASK, lastUserText } from './dry-model.js';

export interface RequestTally {
  requests: number;
  inputTokens: number;
  /** the most output tokens these requests may take: the sum of their token limits */
  outputTokensMax: number;
  /** requests whose output has no bound: no token limit, and a model whose largest answer slant does not know */
  unlimited: number;
  /** requests without a token limit of their own, bounded by the model's largest answer (output-limits.json) */
  modelMax: number;
}

export interface PlanRow {
  /** the model the requests go to */
  model: string;
  /** the condition label of the cell they are made for ('(preparation)': a probe's preparation over the whole dataset) */
  condition: string;
  /** served from the request cache: free */
  cached: number;
  /** answers a resumed run already holds (stored outputs and their requests): not sent again */
  stored: number;
  fresh: RequestTally;
  /** calls made only when an answer asks for them, counted at their most */
  answerDependent: RequestTally & { what: string[] };
  /** input tokens were counted with the model's own tokenizer (false: estimated at 4 characters a token) */
  exactTokens: boolean;
  /**
   * Why `fresh` is an upper bound here rather than exact: requests whose content follows earlier
   * answers may repeat an earlier request, which the cache then answers (empty: exact)
   */
  atMost: string[];
}

/**
 * Requests whose content follows earlier answers only in their order (not their text): when the
 * answers leave the order as it was, a request repeats an earlier one and the cache answers it.
 */
function atMostReason(condition: string, kind: string | undefined): string | undefined {
  if (condition.startsWith('attention-sort-proxy') && kind === 'summarize') return 're-ordered generations repeat an earlier request (answered by the cache) when an answer leaves the order as it was';
  if (condition === PREPARATION && kind === 'certainty-compare') return "source ranking: pass-2 pairs follow pass 1's ranking, and a pair drawn twice is asked once";
  return undefined;
}

type Tokens = { inputTokens: number; outputTokens: number };

export const emptyTally = (): RequestTally => ({ requests: 0, inputTokens: 0, outputTokensMax: 0, unlimited: 0, modelMax: 0 });

const PREPARATION = '(preparation)';

export class PlanTally {
  private readonly rows = new Map<string, PlanRow>();
  /** per record in progress, per cell and judge model: the tokens its fresh judge calls reserve (as the budget reserves them) */
  private readonly openItems = new WeakMap<ItemScope, Map<string, Map<string, Tokens>>>();
  /** per cell and judge model: the most of those over the records that ended (kept per cell, not per record) */
  private readonly mostPerItem = new Map<string, Map<string, Tokens>>();

  row(model: string, condition: string): PlanRow {
    const key = `${model}\u0000${condition}`;
    let r = this.rows.get(key);
    if (r === undefined) this.rows.set(key, (r = { model, condition, cached: 0, stored: 0, fresh: emptyTally(), answerDependent: { ...emptyTally(), what: [] }, exactTokens: true, atMost: [] }));
    return r;
  }

  list(): PlanRow[] {
    return [...this.rows.values()].sort((a, b) => a.model.localeCompare(b.model) || a.condition.localeCompare(b.condition));
  }

  /**
   * Per cell: per judge model, the most tokens the fresh judge calls of one item of that cell take
   * (the budget holds this ahead when it pays for an item's generation).
   */
  judgeReserve(): JudgeReserve {
    const out: JudgeReserve = {};
    for (const [cell, byModel] of this.mostPerItem) out[cell] = Object.fromEntries([...byModel].map(([m, t]) => [m, { ...t }]));
    return out;
  }

  /** A record ended: its judge calls per cell count toward the most per record of each cell. */
  private fold(byCell: Map<string, Map<string, Tokens>>): void {
    for (const [cell, byModel] of byCell) {
      let most = this.mostPerItem.get(cell);
      if (most === undefined) this.mostPerItem.set(cell, (most = new Map()));
      for (const [m, t] of byModel) {
        const cur = most.get(m) ?? { inputTokens: 0, outputTokens: 0 };
        most.set(m, { inputTokens: Math.max(cur.inputTokens, t.inputTokens), outputTokens: Math.max(cur.outputTokens, t.outputTokens) });
      }
    }
  }

  /** Count one request (after the request cache answered it or let it through). */
  async add(model: LanguageModel, messages: readonly ChatMessage[], maxTokens: number | undefined, kind: string | undefined, cached: boolean): Promise<void> {
    const cell = currentCell();
    const row = this.row(model.id, cell?.condition ?? PREPARATION);
    if (cached) {
      row.cached++;
      return;
    }
    const count = await countInputTokens(model.id, messages);
    const item = cell?.item;
    if (item !== undefined && model.id !== item.generator) {
      let byCell = this.openItems.get(item);
      if (byCell === undefined) {
        const opened = new Map<string, Map<string, Tokens>>();
        this.openItems.set(item, (byCell = opened));
        item.onEnd.push(() => this.fold(opened));
      }
      const key = judgeReserveKey(cell!.model, cell!.condition);
      let byModel = byCell.get(key);
      if (byModel === undefined) byCell.set(key, (byModel = new Map()));
      const t = byModel.get(model.id) ?? { inputTokens: 0, outputTokens: 0 };
      byModel.set(model.id, { inputTokens: t.inputTokens + count.tokens, outputTokens: t.outputTokens + (outputBound(model.id, model.provider, maxTokens)?.tokens ?? UNLIMITED_OUTPUT_RESERVE) });
    }
    const dependent = REASK.test(lastUserText(messages)) || kind?.endsWith('-reask') === true ? 're-asks (label answers that state none; judges.reask)' : kind !== undefined ? ANSWER_DEPENDENT_KINDS[kind] : undefined;
    const t = dependent !== undefined ? row.answerDependent : row.fresh;
    const atMost = dependent === undefined ? atMostReason(row.condition, kind) : undefined;
    if (atMost !== undefined && !row.atMost.includes(atMost)) row.atMost.push(atMost);
    if (dependent !== undefined && !row.answerDependent.what.includes(dependent)) row.answerDependent.what.push(dependent);
    t.requests++;
    t.inputTokens += count.tokens;
    const bound = outputBound(model.id, model.provider, maxTokens);
    if (bound === undefined) t.unlimited++;
    else {
      t.outputTokensMax += bound.tokens;
      if (bound.from === 'model-max') t.modelMax++;
    }
  }

  /** `model` (wrapped by the request cache) with each request counted. */
  wrap(model: LanguageModel): LanguageModel {
    return wrapLanguageModel(model, {
      generate: async (next, req) => {
        const r = await next(req);
        await this.add(model, req.messages, req.params?.maxTokens, req.task?.kind, r.cached);
        return r;
      },
      stepwise: async (next, o) => {
        const r = await next(o);
        await this.add(model, [...o.messages, ...(o.auxMessages ?? [])], o.maxTokens ?? 256, undefined, r.cached === true);
        return r;
      },
    });
  }
}
