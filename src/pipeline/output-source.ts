import type { RunStore } from '../runtime/run-store.js';
import { BudgetReachedError } from '../runtime/budget.js';
import { recordingUsage, UsageTracker, type ModelUsage } from '../runtime/usage.js';
import { InvalidAnswerError } from '../models/answer.js';
import type { CellBook, CellRef } from './cell-book.js';
import { storesText } from './cells.js';
import type { LoadedRecord } from './datasets.js';
import type { ItemWriter } from './item-writer.js';
import type { ModelCalls } from './model-calls.js';
import type { OutputProducer } from './producers.js';
import { DEFAULTS, addCost, runUnit, type Unit } from './units.js';
import { TRUNCATED_REASON, storedUnmeasured, type TruncatedPolicy } from './unmeasured.js';
import type { WarningLog } from './warnings.js';

/** An output a unit generated (or got from the request cache), and what asking for it used. */
export interface ProducedOutput {
  key: string;
  recordId: string;
  cached: boolean;
  usage: Record<string, ModelUsage>;
}

/**
 * Where the output a cell measures came from, for one record:
 * - `stored`: already in the store under the cell's output key (an earlier run being resumed,
 *   another probe's cell on the same summary, or the batch phase, which stores its answers before
 *   any record is handled);
 * - `generated`: asked of the model now under the cell's condition (`cached`: the request cache
 *   answered) and stored before it is returned;
 * - `unmeasured`: the model's answer cannot be measured (filtered, refused, only reasoning, cut
 *   off under `generation.truncated: exclude`), stored with its reason;
 * - `recorded`: the cell recorded what went wrong for this record (too large, longer than the
 *   context) or marked itself not applicable; nothing to measure, the run goes on;
 * - `stopped`: interrupted, or the budget refused the request: left for `--resume`.
 * A record's own fields (recorded outputs, probes that ask the model themselves) need no source.
 */
type OutputFrom =
  | { from: 'stored'; fields: Record<string, unknown> }
  | { from: 'generated'; fields: Record<string, unknown>; cached: boolean }
  | { from: 'unmeasured'; reason: string }
  | { from: 'recorded' }
  | { from: 'stopped' };

/** What getting an output asks of the store. */
type OutputStore = Pick<RunStore, 'outputRecordIds' | 'getOutput'>;

/**
 * The output of a unit's task for a record under its condition (seed 000's summary, a probe's own
 * generation), stored once per output key (shared by the probes that measure the same summary)
 * with its steps and its cost.
 */
export class TaskOutputs {
  /** outputs asked of a model in this invocation (request-cache hits included), and of those, cache hits */
  generated = 0;
  cacheHits = 0;
  /**
   * Record ids with a stored output, per output key: read once per key (a fresh run has none; a
   * unit asks for its own records only) instead of a lookup per record before every request.
   * In a distributed run another worker may store an output of the same key meanwhile (another
   * probe's cell measuring the same summary): this one then asks the request cache, whose claim
   * hands it that worker's answer (stored, or waited for) instead of paying again.
   */
  private storedIds = new Map<string, Promise<Set<string>>>();
  /** undefined: look each record up (cells of a unit without its record ids) */
  private among: string[] | undefined;
  private perRecord = false;

  constructor(
    private readonly deps: {
      store: OutputStore;
      runId: string;
      items: Pick<ItemWriter, 'putPaid' | 'held'>;
      book: Pick<CellBook, 'recordCellError'>;
      calls: Pick<ModelCalls, 'run'>;
      warnings: WarningLog;
      truncated: TruncatedPolicy;
      signal?: AbortSignal | undefined;
      /**
       * A unit of a distributed run: what each output used is kept apart (another unit, another
       * probe on the same summary, may get the same answer and the coordinator counts it once),
       * added to `usage`, and listed in `produced`.
       */
      unit?: { usage: UsageTracker; produced: ProducedOutput[] };
    },
  ) {}

  /**
   * A new dataset: forget the stored ids read for the last one; ask the store about `recordIds`
   * only (a unit's records) or, with `perRecord`, look each record up (another invocation may
   * hold records of the same cells).
   */
  startDataset(recordIds: string[] | undefined, perRecord: boolean): void {
    this.storedIds = new Map();
    this.among = recordIds;
    this.perRecord = perRecord && recordIds === undefined;
  }

  async get(producer: OutputProducer, label: string, record: LoadedRecord, unit: Unit, cell: CellRef): Promise<OutputFrom> {
    const { store, runId, items, warnings, truncated } = this.deps;
    const key = cell.costKey;
    const model = producer.model!;
    const storedIds = this.storedIdsOf(key);
    const ids = storedIds === undefined ? undefined : await storedIds;
    type Stored = { text?: string; fields?: Record<string, unknown>; invalid?: unknown };
    // the cost plan's dry pass holds its answers in the writer instead of storing them (item-writer.ts)
    const hit = (items.held(key, record.id) as Stored | undefined) ?? (ids === undefined || ids.has(record.id) ? ((await store.getOutput(runId, key, record.id)) as Stored | undefined) : undefined);
    if (hit) return typeof hit.invalid === 'string' ? { from: 'unmeasured', reason: hit.invalid } : { from: 'stored', fields: hit.fields ?? { output: hit.text } };
    try {
      const ask = (): ReturnType<typeof runUnit> => this.deps.calls.run(() => runUnit(model, unit, { id: record.id, fields: record.fields }, producer.defaults ?? DEFAULTS, this.deps.signal));
      const unitRun = this.deps.unit;
      const callUsage = unitRun !== undefined ? new UsageTracker() : undefined;
      const res = callUsage !== undefined ? await recordingUsage(callUsage, ask) : await ask();
      if (callUsage !== undefined && unitRun !== undefined) {
        unitRun.usage.add(callUsage);
        unitRun.produced.push({ key, recordId: record.id, cached: res.cached, usage: callUsage.byModel() });
      }
      // The rest (storing, measuring) waits for the event loop's next check phase: an answer's
      // turn then ends once its slot has gone to the next record's request, and the answers of a
      // wave, which arrive together, all send their next requests before any of them is
      // committed and measured (bench:cli-runner: mean requests in flight 30.0 -> 30.4 of 32).
      // The answer is group-committed one turn later, still before anything uses it.
      if (!res.cached) await new Promise<void>((resolve) => setImmediate(resolve));
      this.generated++;
      if (res.cached) this.cacheHits++;
      warnings.addResult(label, res.warnings);
      const answer: Record<string, unknown> = storesText(unit.probe.probe) ? { text: res.fields.output, warnings: res.warnings } : { fields: res.fields, warnings: res.warnings };
      if (res.steps.length > 0) answer.steps = res.steps;
      if (res.approximations?.length) answer.approximations = res.approximations;
      if (res.reasoning !== undefined) answer.reasoning = res.reasoning;
      const cut = (res.truncated ?? 0) > 0;
      if (cut) {
        answer.finishReason = 'length';
        if (truncated === 'exclude') answer.invalid = TRUNCATED_REASON;
        else warnings.add(label, 'answers cut at the token limit (generation.maxTokens) were measured as they are; generation.truncated: exclude leaves them out');
      }
      // the paid answer and its cost, committed (with this turn's answers) before it is used (item-writer.ts)
      await items.putPaid(key, record.id, answer, addCost({ calls: 0, inputTokens: 0, outputTokens: 0, wallMs: 0 }, res));
      ids?.add(record.id);
      return cut && truncated === 'exclude' ? { from: 'unmeasured', reason: TRUNCATED_REASON } : { from: 'generated', fields: res.fields, cached: res.cached };
    } catch (err) {
      if (this.deps.signal?.aborted || err instanceof BudgetReachedError) return { from: 'stopped' };
      if (err instanceof InvalidAnswerError) {
        // filtered, refused or only reasoning: stored with its reason and cost, never measured
        this.generated++;
        warnings.addResult(label, err.warnings);
        const cost = err.cost ?? { calls: 0, usage: { inputTokens: 0, outputTokens: 0 }, cached: false };
        await items.putPaid(key, record.id, storedUnmeasured(err.reason, err.answer, []), addCost({ calls: 0, inputTokens: 0, outputTokens: 0, wallMs: 0 }, { ...cost, fields: {}, steps: [], warnings: [] }));
        ids?.add(record.id);
        return { from: 'unmeasured', reason: err.reason };
      }
      if (await this.deps.book.recordCellError(cell, record.id, err)) return { from: 'recorded' };
      throw err;
    }
  }

  private storedIdsOf(key: string): Promise<Set<string>> | undefined {
    if (this.perRecord) return undefined;
    let ids = this.storedIds.get(key);
    if (ids === undefined) this.storedIds.set(key, (ids = this.deps.store.outputRecordIds(this.deps.runId, key, this.among)));
    return ids;
  }
}
