/**
 * Work for the report made while items are measured (the CLI gives one: its report thread makes
 * each item view's marks, src/report/items/item-marks-ahead.ts). The pipeline offers it each
 * measurement it stores and stores the rows it gets back with the next batch of writes, so the
 * end of a run reads them instead of computing them.
 */
export interface ItemsAhead {
  /** a measurement just stored: resolves to the rows to store beside it (none when it has nothing to add), or undefined at once */
  offer(item: AheadItem): Promise<AheadRow[]> | undefined;
  /** measuring ends: what is not under way yet is dropped (the report makes it if it needs it) */
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

/** The offers under way and the writes of their rows: settled before a dataset's last commit. */
export class AheadWrites {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly ahead: ItemsAhead | undefined,
    private readonly put: (key: string, recordId: string, value: unknown) => Promise<void>,
  ) {}

  offer(item: AheadItem): void {
    const rows = this.ahead?.offer(item);
    if (rows === undefined) return;
    const p = rows
      .then(async (list) => {
        for (const r of list) await this.put(r.key, item.recordId, r.value);
      })
      // marks are an optimisation: a failure leaves them to the report, which makes them when it needs them
      .catch(() => undefined)
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Drop what has not started and wait for the rest to be put (then the caller commits). */
  async settle(): Promise<void> {
    this.ahead?.drop();
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
