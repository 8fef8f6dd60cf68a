import type { RunStore } from '../runtime/run-store.js';
import { IdSet } from '../core/id-table.js';
import { MitigationNotApplicableError } from '../mitigations/types.js';
import { ResponseTooLargeError } from '../models/http.js';
import { CONTEXT_OVERFLOW_REASON, isContextOverflow } from '../models/context-overflow.js';
import { BASELINE_KEY } from './conditions.js';
import { cellKey, costStoreKey, outputStoreKey } from './store-keys.js';
import type { OutputProducer } from './producers.js';
import { measuresBaselineOutputs, unitApplicability, unitApproximations, type Unit } from './units.js';
import { InvalidAnswerCount } from './unmeasured.js';
import type { WarningLog } from './warnings.js';

export interface CellRef {
  key: string;
  model: string;
  dataset: string;
  probe: string;
  /** condition key ('baseline', or a mitigation id with its options) and its label in results */
  condition: string;
  conditionLabel: string;
  /** why the condition cannot run on this model (the cell is reported, never run as baseline) */
  notApplicable?: string;
  /** what this model can only approximate of the condition (its numbers are marked wherever shown) */
  approximations?: string[];
  /** where this cell's per-item costs are stored (its output key; the cell key for probes that ask the model) */
  costKey: string;
  /** left out of this invocation (opts.cells): another worker's unit */
  skipped?: boolean;
  /** the probe options this cell measures with (a measurement variant's differ from the configured ones; default: the configured) */
  options?: Record<string, unknown>;
}

/**
 * A mitigation found while running that this model cannot run it: the cell is reported as not
 * applicable, with one warning (also used by a distributed run's coordinator, told by its workers).
 */
export function markCellNotApplicable(cell: CellRef, reason: string, warnings: WarningLog): void {
  if (cell.notApplicable === undefined) warnings.add(`${cell.model} / ${cell.conditionLabel}`, `not applicable on this model: ${reason}`);
  cell.notApplicable = reason;
}

/** What the cell bookkeeping asks of the store. */
type CellStore = Pick<RunStore, 'upsertCell' | 'completedRecordIds' | 'putInvalidOutput'>;

/**
 * The cells of one execution and which of their records are done. A cell is made (its row stored,
 * its done records read) once, however many records in flight ask for it at once; an invalid
 * answer is recorded for the cell and counted once however many probes' cells read it.
 */
export class CellBook {
  private readonly cells = new Map<string, CellRef>();
  /** per cell, the records done (compact: the set grows with the run; core/id-table.ts) */
  private readonly done = new Map<string, IdSet>();
  /** a cell's row and its done set, loaded once (records in flight may ask for the same cell at once) */
  private readonly ready = new Map<string, Promise<void>>();
  private readonly answers = new InvalidAnswerCount();
  /** a unit's record ids (a distributed run's range): the store is asked about these only */
  private among: string[] | undefined;
  /** invalid model answers recorded, each counted once */
  invalid = 0;
  /** with `listInvalidAnswers`: each invalid answer counted (output key and record), for a coordinator that counts each once */
  readonly invalidAnswers: string[] | undefined;

  constructor(
    private readonly store: CellStore,
    private readonly runId: string,
    private readonly opts: {
      warnings: WarningLog;
      /** only the cells this returns true for are this invocation's (the others are marked skipped) */
      include?: (cell: CellRef) => boolean;
      listInvalidAnswers?: boolean;
    },
  ) {
    if (opts.listInvalidAnswers === true) this.invalidAnswers = [];
  }

  /** Ask the store about these record ids only (a unit's), or about all when undefined. */
  restrictTo(recordIds: string[] | undefined): void {
    this.among = recordIds;
  }

  /** The cell of this producer's label, dataset and unit: made and stored the first time it is asked for. */
  async ensure(producer: OutputProducer, label: string, dataset: string, unit: Unit): Promise<CellRef> {
    const { probe, options } = unit.probe;
    const condition = unit.condition;
    const key = cellKey(label, dataset, probe.name, condition.key);
    let cell = this.cells.get(key);
    if (!cell) {
      // a measurement variant reads (and, where missing, writes) the baseline's outputs
      const outputCondition = measuresBaselineOutputs(condition) ? BASELINE_KEY : condition.key;
      const costKey = costStoreKey(key, probe, outputStoreKey(label, dataset, probe, options, outputCondition));
      cell = { key, model: label, dataset, probe: probe.name, condition: condition.key, conditionLabel: condition.label, costKey, options };
      const notApplicable = unitApplicability(unit, producer.model, label, this.opts.warnings);
      if (notApplicable !== undefined) cell.notApplicable = notApplicable;
      const approximations = unitApproximations(unit, producer.model);
      if (approximations.length > 0) cell.approximations = approximations;
      this.cells.set(key, cell);
      if (this.opts.include?.(cell) === false) cell.skipped = true;
      const among = this.among;
      // another unit's cell (a distributed run): its row was made by the coordinator, its records are not ours
      const ready = cell.skipped
        ? Promise.resolve()
        : (async () => {
            await this.store.upsertCell(this.runId, { key, model: label, probe: probe.name, dataset, condition: condition.key, options, ...(cell.notApplicable !== undefined ? { status: 'not-applicable' as const } : {}) });
            this.done.set(key, new IdSet(await this.store.completedRecordIds(this.runId, key, among)));
          })();
      this.ready.set(key, ready);
    }
    await this.ready.get(key);
    return cell;
  }

  /** Is this record done in this cell (measured, or its invalid answer recorded), now or by an earlier run? */
  isDone(cell: CellRef, recordId: string): boolean {
    return this.done.get(cell.key)?.has(recordId) === true;
  }

  markDone(cell: CellRef, recordId: string): void {
    this.done.get(cell.key)?.add(recordId);
  }

  /**
   * The cell cannot measure this record's output (an answer filtered, refused, only reasoning, too
   * large, a request longer than the model's context): recorded with the reason, the answer counted
   * once however many probes' cells read it, and the run goes on.
   */
  async recordInvalid(cell: CellRef, recordId: string, reason: string, output?: unknown): Promise<void> {
    await this.store.putInvalidOutput(this.runId, cell.key, recordId, reason, output);
    this.markDone(cell, recordId);
    if (this.answers.add(cell.costKey, recordId)) {
      this.invalid++;
      this.invalidAnswers?.push(`${cell.costKey}\u0000${recordId}`);
    }
  }

  markNotApplicable(cell: CellRef, reason: string): void {
    markCellNotApplicable(cell, reason, this.opts.warnings);
  }

  /**
   * The errors a cell records and goes on from, whether they came while getting the output or
   * while measuring it: the mitigation cannot run on this model (the cell is not applicable), an
   * answer over the answer-size cap, a request longer than the model's context (this record's,
   * not the run's). False for any other error (the caller decides).
   */
  async recordCellError(cell: CellRef, recordId: string, err: unknown): Promise<boolean> {
    if (err instanceof MitigationNotApplicableError) {
      this.markNotApplicable(cell, err.reason);
      return true;
    }
    if (err instanceof ResponseTooLargeError) {
      // the model's bad answer: stored as invalid with the reason, counted, never fatal, not asked again on resume
      await this.recordInvalid(cell, recordId, `answer too large: over ${err.limit} bytes (SLANT_MAX_RESPONSE_BYTES)`);
      return true;
    }
    if (isContextOverflow(err)) {
      await this.recordInvalid(cell, recordId, CONTEXT_OVERFLOW_REASON, { error: err.message });
      return true;
    }
    return false;
  }

  /** The cells of this invocation (those left to other workers are not listed). */
  list(): CellRef[] {
    return [...this.cells.values()].filter((c) => c.skipped !== true);
  }
}
