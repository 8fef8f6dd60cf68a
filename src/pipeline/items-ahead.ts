/**
 * Work for the report made while items are measured (the CLI gives one: its report thread makes
 * each item view's marks, src/report/items/item-marks-ahead.ts). The pipeline offers it each
 * measurement it stores and stores the rows it gets back with the next batch of writes, so the
 * end of a run reads them instead of computing them.
 */
export interface ItemsAhead {
  /** a measurement just stored: resolves to the rows to store beside it (none when it has nothing to add), or undefined at once */
  offer(item: AheadItem): Promise<AheadRow[]> | undefined;
  /**
   * A maker still loading what it needs: the promise the next offer waits for (undefined once
   * ready). A run that measures without waiting on a model (offline, or every answer cached) would
   * otherwise give the loading no turn of the event loop until its end.
   */
  ready?(): Promise<void> | undefined;
  /**
   * measuring (of a dataset) ends: rows answered from now on are not stored (its last commit does
   * not wait for them); the maker may still make them for this process's report
   */
  drop(): void;
}

export interface AheadItem {
  cellKey: string;
  probe: string;
  options: Record<string, unknown>;
  labels: Record<string, string>;
  recordId: string;
  measurement: unknown;
  /** the record's fields with the output's over them, as measured */
  fields: Record<string, unknown>;
}

/** A row of the outputs table, under the item's record id. */
export interface AheadRow {
  key: string;
  value: unknown;
}

/**
 * The writes of the offers' rows: settled before a dataset's last commit. The offers not answered
 * by then are not waited for: their rows are not stored (the report makes or takes them).
 */
export class AheadWrites {
  private readonly writing = new Set<Promise<void>>();
  /** counts `settle` calls: an offer made before the latest one stores nothing answered after it */
  private settles = 0;

  constructor(
    private readonly ahead: ItemsAhead | undefined,
    private readonly put: (key: string, recordId: string, value: unknown) => Promise<void>,
  ) {}

  /** The maker's loading to wait for before the next offer (ItemsAhead.ready), if any. */
  ready(): Promise<void> | undefined {
    return this.ahead?.ready?.();
  }

  offer(item: AheadItem): void {
    const rows = this.ahead?.offer(item);
    if (rows === undefined) return;
    const madeIn = this.settles;
    rows.then(
      (list) => {
        if (madeIn !== this.settles || list.length === 0) return;
        const w = (async () => {
          for (const r of list) await this.put(r.key, item.recordId, r.value);
        })()
          // marks are an optimisation: a failure leaves them to the report, which makes them when it needs them
          .catch(() => undefined)
          .finally(() => this.writing.delete(w));
        this.writing.add(w);
      },
      () => undefined,
    );
  }

  /** Measuring ends: tell the maker, and wait for the rows answered so far to be put (then the caller commits). */
  async settle(): Promise<void> {
    this.ahead?.drop();
    this.settles++;
    while (this.writing.size > 0) await Promise.all([...this.writing]);
  }
}
