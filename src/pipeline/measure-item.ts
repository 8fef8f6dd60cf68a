import type { RunStore } from '../runtime/run-store.js';
import type { ItemCost } from '../runtime/store.js';
import { inCell } from '../runtime/cell-scope.js';
import { BudgetReachedError } from '../runtime/budget.js';
import type { ProbeJudges } from '../probes/types.js';
import type { MitigationResult } from '../mitigations/types.js';
import type { TaskRecord } from '../tasks/task.js';
import { InvalidAnswerError } from '../models/answer.js';
import { InputError, UserError } from '../core/errors.js';
import type { CellBook, CellRef } from './cell-book.js';
import { asksModel } from '../probes/output.js';
import { BASELINE_KEY } from './conditions.js';
import type { LoadedRecord } from './datasets.js';
import { offlineOnly, type ItemWriter } from './item-writer.js';
import type { AheadWrites } from './items-ahead.js';
import type { ModelCalls } from './model-calls.js';
import type { OutputProducer } from './producers.js';
import { DEFAULTS, addCost, runUnit, type Unit } from './units.js';
import { TRUNCATED_REASON, type TruncatedPolicy } from './unmeasured.js';
import type { WarningLog } from './warnings.js';

/** What measuring an item asks of the store (besides the item writer). */
type MeasureStore = Pick<RunStore, 'putCost'>;

/**
 * How measuring one item ended: `measured` (stored), `recorded` (the cell recorded why it cannot
 * measure this record, or became not applicable; the run goes on), `stopped` (interrupted, or the
 * budget refused a request it needs: left for `--resume`).
 */
type MeasureEnd = 'measured' | 'recorded' | 'stopped';

/** One cell's record to measure: its fields (the record's, the output's, the probe's preparation) and the fields the model wrote. */
interface ItemToMeasure {
  cell: CellRef;
  unit: Unit;
  producer: OutputProducer;
  label: string;
  record: LoadedRecord;
  /** the record's fields with the output's over them */
  fields: Record<string, unknown>;
  /** fields the model wrote in this step (a problem there is the model's answer, not the dataset's) */
  fromModel: Record<string, unknown>;
  /** fields the probe's preparation over the whole dataset added for this record */
  prepared?: Record<string, unknown> | undefined;
}

/**
 * Measures items: checks the record against the probe's schema, runs the probe (a probe that
 * questions the model under test asks it through the cell's condition), and stores the
 * measurement with what asking cost. A model's bad answer is recorded for the cell and counted,
 * never fatal; a bad input record is an InputError naming where it was read.
 */
export class ItemMeasurer {
  /** items measured and stored in this invocation */
  measured = 0;

  constructor(
    private readonly deps: {
      store: MeasureStore;
      runId: string;
      items: Pick<ItemWriter, 'put'>;
      /** work for the report made from each stored measurement (items-ahead.ts) */
      ahead?: Pick<AheadWrites, 'offer' | 'ready'>;
      book: Pick<CellBook, 'recordInvalid' | 'recordCellError' | 'markDone'>;
      calls: Pick<ModelCalls, 'run'>;
      judges: ProbeJudges;
      warnings: WarningLog;
      truncated: TruncatedPolicy;
      signal?: AbortSignal | undefined;
      /** the cost plan's dry pass: a measurement by local instruments alone is made for a cell's first record only (see executePlan) */
      countOnly?: boolean;
    },
  ) {}

  /** countOnly: the cells whose first record was measured */
  private tried = new Set<string>();

  async measure(item: ItemToMeasure): Promise<MeasureEnd> {
    const { cell, unit, producer, record, fromModel } = item;
    const { probe, options } = unit.probe;
    const { book, store, runId } = this.deps;
    const asking = asksModel(probe) && producer.model ? this.asker(item) : undefined;
    const judges = asking ? { ...this.deps.judges, llm: producer.model } : this.deps.judges;
    const ask = asking?.ask;
    const fields = item.prepared ? { ...item.fields, ...item.prepared } : item.fields;
    const parsed = probe.recordSchema.safeParse({ ...fields, id: record.id });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      if (typeof field === 'string' && Object.hasOwn(fromModel, field)) {
        // the model's answer is unusable: record it, count it, go on (never the input's fault)
        await book.recordInvalid(cell, record.id, invalidReason(field, fromModel[field], issue?.message), fromModel);
        return 'recorded';
      }
      throw new InputError({ ...record.location, field: issue?.path.join('.') }, `${issue?.message ?? 'invalid record'} (probe ${probe.name})`);
    }
    const local = ask === undefined && offlineOnly(unit.probe, this.deps.judges, producer.model !== undefined);
    if (local && this.deps.countOnly === true) {
      // the first record is measured, so a cell that cannot be measured at all (an option its
      // judges cannot serve) still fails in the plan, before anything is paid
      if (this.tried.has(cell.key)) {
        book.markDone(cell, record.id);
        return 'measured';
      }
      this.tried.add(cell.key);
    }
    let measurement: unknown;
    try {
      measurement = await inCell({ model: cell.model, condition: cell.conditionLabel }, () => probe.measure(parsed.data, { judges, options, signal: this.deps.signal, ...(ask ? { ask } : {}) }));
    } catch (err) {
      if (ask && this.deps.signal?.aborted) return 'stopped';
      // the budget refused a request this item needs: left unfinished for --resume
      if (err instanceof BudgetReachedError) return 'stopped';
      if (err instanceof InvalidAnswerError) {
        // an answer the probe asked for (or its judge read) was filtered, refused, only reasoning or cut off
        await book.recordInvalid(cell, record.id, err.reason, err.answer);
        if (asking) await store.putCost(runId, cell.costKey, record.id, asking.spent);
        return 'recorded';
      }
      if (await book.recordCellError(cell, record.id, err)) return 'recorded';
      throw err;
    }
    if (asking && unit.condition.key !== BASELINE_KEY && asking.spent.calls === 0) {
      // the probe read recorded answers: a mitigated cell must not silently equal the baseline
      throw new UserError(`probe ${probe.name}, record ${record.id}: measured from the record's recorded answers, so the mitigation "${unit.condition.label}" cannot apply`, {
        hint: `set probes.${probe.name}.options.evaluator: llm to ask the model under test, or run without mitigations`,
      });
    }
    await this.deps.items.put(cell.key, record.id, measurement, local);
    const aheadReady = this.deps.ahead?.ready();
    if (aheadReady !== undefined) await aheadReady;
    this.deps.ahead?.offer({ cellKey: cell.key, probe: probe.name, options, labels: { model: cell.model, dataset: cell.dataset, ...(cell.condition !== BASELINE_KEY ? { condition: cell.conditionLabel } : {}) }, recordId: record.id, measurement, fields });
    if (asking) await store.putCost(runId, cell.costKey, record.id, asking.spent);
    book.markDone(cell, record.id);
    this.measured++;
    return 'measured';
  }

  /**
   * The probe questions the model under test itself (fact-checking, sentiment) through the cell's
   * condition: each question is a model call of the run, its cost added to the item's.
   */
  private asker(item: ItemToMeasure): { ask: (r: TaskRecord) => Promise<MitigationResult>; spent: ItemCost } {
    const { unit, producer, label } = item;
    const model = producer.model!;
    const { calls, warnings, truncated, signal } = this.deps;
    const spent: ItemCost = { calls: 0, inputTokens: 0, outputTokens: 0, wallMs: 0 };
    const ask = async (r: TaskRecord): Promise<MitigationResult> => {
      let res: MitigationResult;
      try {
        res = await calls.run(() => runUnit(model, unit, r, producer.defaults ?? DEFAULTS, signal));
      } catch (err) {
        if (err instanceof InvalidAnswerError) {
          if (err.cost) addCost(spent, { ...err.cost, fields: {}, steps: [], warnings: [] });
          warnings.addResult(label, err.warnings);
        }
        throw err;
      }
      addCost(spent, res);
      warnings.addResult(label, res.warnings);
      if ((res.truncated ?? 0) > 0 && truncated === 'exclude') throw new InvalidAnswerError(TRUNCATED_REASON);
      return res;
    };
    return { ask, spent };
  }
}

/** Why a model output cannot be measured, short enough to count by: "empty answer", "output: <problem>". */
export function invalidReason(field: string, value: unknown, problem: string | undefined): string {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
  if (empty) return `empty answer (${field})`;
  return `unusable answer (${field}: ${problem ?? 'invalid'})`;
}
