/**
 * Long lists inside a stored result, kept as rows of their own rather than inside the result's one
 * JSON string. A list made when read (src/core/lazy-array.ts: position's per-article table, one row
 * per article) written into the result's text was that text's bulk: about 23 MB at 100,000
 * articles, stored twice (the cell's result and the run's results), each time held whole as one
 * string, redacted whole (a second copy), and read back whole by `slant report <run>`. A peak of a
 * large position run's memory came from those strings.
 *
 * Here each such list goes into `result_lists` (store migration v11) in parts of about 16K
 * characters, written one at a time as its rows are made; the result's own text holds a small
 * marker in its place, and its row says how many lists it has (0: a result from before v11, or one
 * without a long list, read as it always was). Read back, a marker becomes a `StoredList`: its rows
 * come from the store a few parts at a time (results.json rebuilt by `slant report <run>`,
 * src/results/streamed-items.ts), never as one string or one array.
 */
import { isLazyArray } from '../core/lazy-array.js';
import { redact } from '../core/redact.js';
import type { Sql } from './annotation-sql.js';
import { fromStoredJson, storedJsonText } from './stored-json.js';

/** The owner (`cell_key`) of the run's results' lists; a cell's result uses its cell key (never empty). */
export const RUN_RESULTS_OWNER = '';

/**
 * The key of a list's marker in a stored result's text: `{"$slant:list": <number>, "rows": <count>}`
 * for a list of the result's own parts, with `"cell": <cell key>` for a list of a cell's parts.
 */
const LIST_KEY = '$slant:list';

/**
 * Characters of list text per stored part. A part's text, its joined and redacted copies and its
 * parsed rows stay below V8's large-object size (~128 KB), so each is young garbage, cheap to
 * collect, rather than old-generation garbage piling up until a full collection.
 */
const PART_CHARS = 16 * 1024;

/** Parts read per query when a list is read back (about 128K characters). */
export const LIST_PARTS_PAGE = 8;

/**
 * How a result's values are written: a cell's result as every stored value (non-finite numbers
 * kept: src/runtime/stored-json.ts), the run's results as results.json writes them (NaN and
 * ±Infinity become null: `slant report <run>` rebuilds that file from them).
 */
type ListEncoding = 'stored' | 'results';

/** A list of a stored result, read back as a reference: its rows are read from the store when written (`storedListRows`). */
export class StoredList {
  constructor(
    readonly runId: string,
    /** the cell key of the result holding it, or RUN_RESULTS_OWNER */
    readonly owner: string,
    /** its number among its result's lists, in the order of the result's text */
    readonly list: number,
    /** how many rows it has */
    readonly length: number,
  ) {}
}

/** Whether `x` is a list read back from the store. */
export const isStoredList = (x: unknown): x is StoredList => x instanceof StoredList;

/**
 * `value` with each list replaced by what `replace` makes of it: each list made when read
 * (numbered in the order met, from 0) and each list already stored. Objects and arrays are copied
 * only on the path to a list (a result with its items in hand is walked, not copied).
 */
function replaceLists(value: unknown, replace: (list: readonly unknown[] | StoredList, made: number) => unknown, made = { n: 0 }): unknown {
  if (isLazyArray(value)) return replace(value, made.n++);
  if (value instanceof StoredList) return replace(value, -1);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const x: unknown = value[i];
      const y = replaceLists(x, replace, made);
      if (y !== x) (out ??= [...value])[i] = y;
    }
    return out ?? value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, unknown> | undefined;
  for (const [k, x] of Object.entries(value)) {
    const y = replaceLists(x, replace, made);
    if (y !== x) (out ??= { ...value })[k] = y;
  }
  return out ?? value;
}

/**
 * `value` (a cell's result, just stored under `owner`) with each list made when read replaced by
 * the StoredList it was stored as: the rows' columns are let go, and the run's results, stored
 * next, refer to the cell's parts instead of storing the rows again.
 */
export function asStoredLists<T>(value: T, runId: string, owner: string): T {
  return replaceLists(value, (list, made) => (list instanceof StoredList ? list : new StoredList(runId, owner, made, list.length))) as T;
}

const encoders: Record<ListEncoding, (value: unknown, what: string) => string> = {
  stored: storedJsonText,
  // as JSON.stringify writes an array's element: undefined (and a function) as null
  results: (value) => (JSON.stringify(value) as string | undefined) ?? 'null',
};

/** What one result writes: its text with markers (redacted), and the statements writing its lists' parts, made as they are run. */
export interface ResultWrites {
  text: string;
  /** how many markers the text has (lists of its own, and lists of its cells) */
  lists: number;
  /** the old parts of this owner deleted, then each part of each list in order */
  parts(): Generator<Sql>;
}

/**
 * Split `value` (a cell's result, or the run's results) into its text with markers and its lists'
 * parts. A list already stored (a StoredList: the run's results hold their cells' lists so) is not
 * stored again: its marker names the cell whose parts hold it.
 */
export function resultWrites(runId: string, owner: string, value: unknown, encoding: ListEncoding, what: string): ResultWrites {
  const lists: (readonly unknown[])[] = [];
  let markers = 0;
  const marked = replaceLists(value, (list) => {
    markers++;
    if (list instanceof StoredList) {
      // its parts are another result's, which stay: never this one's, which are replaced below
      if (list.runId !== runId || list.owner === owner) throw new Error(`${what}: holds a list stored with ${list.owner === owner ? 'itself' : `run ${list.runId}`}, which storing it would lose`);
      return { [LIST_KEY]: list.list, rows: list.length, cell: list.owner };
    }
    lists.push(list);
    return { [LIST_KEY]: lists.length - 1, rows: list.length };
  });
  const encode = encoders[encoding];
  const text = encoding === 'stored' ? redact(storedJsonText(marked, what)) : redact(JSON.stringify(marked));
  return {
    text,
    lists: markers,
    *parts() {
      yield { sql: 'DELETE FROM result_lists WHERE run_id = ? AND cell_key = ?', params: [runId, owner] };
      for (const [list, rows] of lists.entries()) {
        let texts: string[] = [];
        let chars = 0;
        let part = 0;
        const flush = (): Sql => {
          const q: Sql = {
            sql: 'INSERT INTO result_lists (run_id, cell_key, list_no, part_no, rows_json) VALUES (?, ?, ?, ?, ?)',
            params: [runId, owner, list, part++, redact(`[${texts.join(',')}]`)],
          };
          texts = [];
          chars = 0;
          return q;
        };
        for (const row of rows) {
          const t = encode(row, `${what}, list ${list}`);
          texts.push(t);
          chars += t.length;
          if (chars >= PART_CHARS) yield flush();
        }
        if (texts.length > 0) yield flush();
      }
    },
  };
}

/** A stored result's value (parsed from its text) with each marker replaced by its StoredList; `lists` (its markers) 0 (a result from before v11, or without a list): the value as it is. */
export function withStoredLists(value: unknown, runId: string, owner: string, lists: number): unknown {
  if (lists === 0) return value;
  const put = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = put(v[i]);
      return v;
    }
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    const n = o[LIST_KEY];
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && typeof o['rows'] === 'number') {
      // a list of this result's own parts, or of the parts of the cell named (the run's results)
      if (keys.length === 2) return new StoredList(runId, owner, n, o['rows']);
      if (keys.length === 3 && typeof o['cell'] === 'string') return new StoredList(runId, o['cell'], n, o['rows']);
    }
    for (const k of keys) o[k] = put(o[k]);
    return o;
  };
  return put(value);
}

/** One page of a stored list's parts: those from part `from`, at most `limit`. */
export const listPartsSql = (runId: string, owner: string, list: number, from: number, limit: number): Sql => ({
  sql: 'SELECT part_no, rows_json FROM result_lists WHERE run_id = ? AND cell_key = ? AND list_no = ? AND part_no >= ? ORDER BY part_no LIMIT ?',
  params: [runId, owner, list, from, limit],
});

/** A page of parts as rows (decoded as the owner's result was encoded); `next` is the part after the page's last, `parts` how many it had. */
export function listPageOf(owner: string, rows: readonly { part_no: number | string; rows_json: string }[], from: number): ListPage {
  const out: unknown[] = [];
  const decode = owner === RUN_RESULTS_OWNER ? (t: string): unknown => JSON.parse(t) : fromStoredJson;
  for (const r of rows) for (const x of decode(r.rows_json) as unknown[]) out.push(x);
  const last = rows.at(-1);
  return { next: last === undefined ? from : Number(last.part_no) + 1, parts: rows.length, rows: out };
}

export interface ListPage {
  next: number;
  parts: number;
  rows: unknown[];
}

/** What reads a stored list back. */
export interface ListReader {
  /** One page of a stored list's rows: the parts from `from`, at most `limit` parts (`next` continues). */
  resultListPage(runId: string, owner: string, list: number, from: number, limit: number): Promise<ListPage>;
}

/**
 * A stored list's rows, read a few parts at a time. A list whose rows are not all there (a store
 * damaged, or edited by hand) is an error naming it, never a shorter list.
 */
export async function* storedListRows(reader: ListReader, list: StoredList): AsyncGenerator<unknown> {
  let from = 0;
  let n = 0;
  for (;;) {
    const page = await reader.resultListPage(list.runId, list.owner, list.list, from, LIST_PARTS_PAGE);
    for (let i = 0; i < page.rows.length; i++) {
      const row = page.rows[i];
      page.rows[i] = undefined;
      n++;
      yield row;
    }
    if (page.parts < LIST_PARTS_PAGE) break;
    from = page.next;
  }
  if (n !== list.length) {
    const whose = list.owner === RUN_RESULTS_OWNER ? 'the run\'s results' : `the result of cell "${list.owner}"`;
    throw new Error(`run ${list.runId}: list ${list.list} of ${whose} has ${n} stored row(s), expected ${list.length}`);
  }
}
