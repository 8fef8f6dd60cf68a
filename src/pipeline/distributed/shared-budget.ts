/**
 * The budget of a distributed run (`slant run --workers --max-cost …`), shared in the PostgreSQL
 * store by every worker: the coordinator writes the run's limits and what a record holds ahead for
 * its judge calls (`slant_budgets`), and each worker's requests reserve against what all workers
 * spent and hold in flight (`slant_budget_spend`, a row per process and model). A reservation is
 * one transaction under the run's budget row lock: the totals are read, the limits checked and the
 * reservation made together, so two workers never both take the last of a budget. The limit one
 * worker reaches is the run's: the others start no new record, and the coordinator ends the run
 * (exit 4) once no unit is held. A worker that dies mid-request keeps its reservations counted:
 * the provider may have billed them; the next invocation of the run counts them as spent.
 */
import type { JudgeReserve, SharedSpend, Spend, BudgetLimits } from '../../runtime/budget.js';
import type { PgStore } from '../../runtime/pg-store.js';

interface Change {
  reserved: Spend;
  spent: Spend;
}

const zero = (): Spend => ({ usd: 0, tokens: 0 });

/** The budget a distributed run's coordinator wrote, read by a worker (undefined: the run has none). */
export async function storedBudget(store: PgStore, runId: string): Promise<{ limits: BudgetLimits; judgeReserve: JudgeReserve } | undefined> {
  const r = await store.query<{ limits_json: string; judge_reserve_json: string }>('SELECT limits_json, judge_reserve_json FROM slant_budgets WHERE run_id = ?', [runId]);
  const row = r.rows[0];
  return row === undefined ? undefined : { limits: JSON.parse(row.limits_json) as BudgetLimits, judgeReserve: JSON.parse(row.judge_reserve_json) as JudgeReserve };
}

/**
 * The coordinator, at each invocation of a distributed run with a budget: the run's limits (a
 * resume with a higher budget replaces them and goes on), no limit reached yet, what the run's
 * processes that are gone still held counted as spent, and, the first time, what the run spent
 * before it had a shared budget (an earlier invocation without --workers).
 */
export async function openSharedBudget(store: PgStore, runId: string, o: { limits: BudgetLimits; judgeReserve: JudgeReserve; spentBefore?: Record<string, Spend> }): Promise<void> {
  await store.transaction(async (q) => {
    const known = await q<{ run_id: string }>('SELECT run_id FROM slant_budgets WHERE run_id = ? FOR UPDATE', [runId]);
    await q(
      `INSERT INTO slant_budgets (run_id, limits_json, judge_reserve_json) VALUES (?, ?, ?)
       ON CONFLICT (run_id) DO UPDATE SET limits_json = excluded.limits_json, judge_reserve_json = excluded.judge_reserve_json, reached = NULL, updated_at = now()`,
      [runId, JSON.stringify(o.limits), JSON.stringify(o.judgeReserve)],
    );
    if (known.length === 0)
      for (const [model, s] of Object.entries(o.spentBefore ?? {}))
        await q('INSERT INTO slant_budget_spend (run_id, owner_id, model, spent_usd, spent_tokens) VALUES (?, ?, ?, ?, ?)', [runId, 'before', model, s.usd, s.tokens]);
    // a process no longer alive holds nothing now: what it held may have been billed
    await q(
      `UPDATE slant_budget_spend s SET spent_usd = spent_usd + reserved_usd, spent_tokens = spent_tokens + reserved_tokens, reserved_usd = 0, reserved_tokens = 0
       WHERE s.run_id = ? AND (s.reserved_usd <> 0 OR s.reserved_tokens <> 0)
         AND NOT EXISTS (SELECT 1 FROM slant_workers w WHERE w.id = s.owner_id AND w.stopped_at IS NULL)`,
      [runId],
    );
  });
}

/** A run invoked without a budget: workers no longer hold its requests to one (its spend stays recorded). */
export async function dropSharedBudget(store: PgStore, runId: string): Promise<void> {
  await store.query('DELETE FROM slant_budgets WHERE run_id = ?', [runId]);
}

/** Whether the run's budget was reached, and by which limit. */
async function budgetReached(store: PgStore, runId: string): Promise<string | undefined> {
  const r = await store.query<{ reached: string | null }>('SELECT reached FROM slant_budgets WHERE run_id = ?', [runId]);
  return r.rows[0]?.reached ?? undefined;
}

/** One process's side of a run's shared spend (src/runtime/budget.ts: SharedSpend). */
export class PgSharedSpend implements SharedSpend {
  /** this process's changes not yet written (answers settled, holds given back) */
  private pending = new Map<string, Change>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: PgStore,
    private readonly runId: string,
  ) {}

  private take(): Map<string, Change> {
    const p = this.pending;
    this.pending = new Map();
    return p;
  }

  /** Changes that could not be written go back, before any made since. */
  private putBack(changes: Map<string, Change>): void {
    for (const [model, c] of this.pending) addChange(changes, model, c);
    this.pending = changes;
  }

  private async write(q: Query, changes: ReadonlyMap<string, Change>): Promise<void> {
    for (const [model, c] of changes)
      await q(
        `INSERT INTO slant_budget_spend (run_id, owner_id, model, spent_usd, spent_tokens, reserved_usd, reserved_tokens) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id, owner_id, model) DO UPDATE SET spent_usd = slant_budget_spend.spent_usd + excluded.spent_usd, spent_tokens = slant_budget_spend.spent_tokens + excluded.spent_tokens,
           reserved_usd = slant_budget_spend.reserved_usd + excluded.reserved_usd, reserved_tokens = slant_budget_spend.reserved_tokens + excluded.reserved_tokens`,
        [this.runId, this.store.ownerId, model, c.spent.usd, c.spent.tokens, c.reserved.usd, c.reserved.tokens],
      );
  }

  async reserve(need: ReadonlyMap<string, Spend>, decide: Parameters<SharedSpend['reserve']>[1]): Promise<string | undefined> {
    const changes = this.take();
    try {
      return await this.store.transaction(async (q) => {
        // the run's budget row is the lock: one reservation of the run at a time, across workers
        const row = await q<{ reached: string | null; limits_json: string }>('SELECT reached, limits_json FROM slant_budgets WHERE run_id = ? FOR UPDATE', [this.runId]);
        if (row[0] === undefined) throw new Error(`run ${this.runId} has no shared budget in the store`);
        await this.write(q, changes);
        const spent = new Map<string, Spend>();
        const reserved = new Map<string, Spend>();
        for (const r of await q<SumRow>(SUMS, [this.runId])) {
          spent.set(r.model, { usd: Number(r.su), tokens: Number(r.st) });
          reserved.set(r.model, { usd: Number(r.ru), tokens: Number(r.rt) });
        }
        const reached = row[0].reached ?? undefined;
        const over = decide(spent, reserved, reached, JSON.parse(row[0].limits_json) as BudgetLimits);
        if (over === undefined) await this.write(q, new Map([...need].map(([m, n]) => [m, { reserved: n, spent: zero() }])));
        else if (reached === undefined) await q('UPDATE slant_budgets SET reached = ?, updated_at = now() WHERE run_id = ?', [over, this.runId]);
        return over;
      });
    } catch (err) {
      this.putBack(changes);
      throw err;
    }
  }

  adjust(model: string, reserved: Spend, spent: Spend): void {
    addChange(this.pending, model, { reserved, spent });
    void this.flush().catch(() => undefined);
  }

  /** Write this process's pending changes (one writer at a time; a failed write keeps them for the next). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      if (this.pending.size === 0) return;
      const changes = this.take();
      try {
        await this.store.transaction((q) => this.write(q, changes));
      } catch (err) {
        this.putBack(changes);
        throw err;
      }
    });
    return this.writing;
  }

  async totals(): Promise<{ spent: Map<string, Spend>; reached: string | undefined }> {
    await this.flush();
    const r = await this.store.query<SumRow>(SUMS, [this.runId]);
    // what a process still holds (it died mid-request) counts as spent: the provider may have billed it
    const spent = new Map(r.rows.map((x) => [x.model, { usd: Number(x.su) + Number(x.ru), tokens: Number(x.st) + Number(x.rt) }]));
    return { spent, reached: await budgetReached(this.store, this.runId) };
  }
}

/** What the run's processes spent and hold, per model. */
const SUMS = 'SELECT model, sum(spent_usd) AS su, sum(spent_tokens) AS st, sum(reserved_usd) AS ru, sum(reserved_tokens) AS rt FROM slant_budget_spend WHERE run_id = ? GROUP BY model';

interface SumRow extends Record<string, unknown> {
  model: string;
  su: number;
  st: number;
  ru: number;
  rt: number;
}

type Query = <R extends Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;

function addChange(map: Map<string, Change>, model: string, c: Change): void {
  const cur = map.get(model) ?? { reserved: zero(), spent: zero() };
  map.set(model, {
    reserved: { usd: cur.reserved.usd + c.reserved.usd, tokens: cur.reserved.tokens + c.reserved.tokens },
    spent: { usd: cur.spent.usd + c.spent.usd, tokens: cur.spent.tokens + c.spent.tokens },
  });
}
