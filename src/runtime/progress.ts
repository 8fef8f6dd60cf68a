/**
 * A one-line progress bar on stderr: `label [#####.....] 123/456 27% 12.3/s ETA 0:35`; with an
 * unknown total, honestly `label 123/? 12.3/s` (no bar that never fills, no ETA).
 * Hand-written (about 80 lines) rather than cli-progress: we need one bar format, a TTY check,
 * throttling and an injectable clock for tests, and nothing else.
 */

interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): unknown;
}

interface ProgressOptions {
  /** undefined: not known (shown as n/?) */
  total: number | undefined;
  label: string;
  stream?: ProgressStream;
  /** false turns it off (e.g. --json, --quiet); it is also off when the stream is not a TTY */
  enabled?: boolean;
  /** milliseconds clock, for tests */
  now?: () => number;
  /**
   * what the run is going through besides its count (retries, a wait on a rate limit), appended to
   * the line; while it says something, the line is redrawn every second even when no item finishes
   */
  status?: () => string;
  /** the redraw timer, for tests (default: setInterval, unref'd) */
  every?: (fn: () => void, ms: number) => { clear(): void };
}

interface Progress {
  tick(n?: number): void;
  setTotal(total: number | undefined): void;
  /** draw the final state and end the line */
  done(): void;
  /** print a line above the bar (the bar is redrawn under it); a plain line when no bar is drawn */
  log(line: string): void;
  readonly count: number;
}

const BAR_WIDTH = 20;
const MIN_INTERVAL_MS = 100;

export function createProgress(opts: ProgressOptions): Progress {
  const stream = opts.stream ?? process.stderr;
  const now = opts.now ?? Date.now;
  const on = opts.enabled !== false && stream.isTTY === true;
  const start = now();
  let total = opts.total;
  let count = 0;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let finished = false;

  const draw = (force: boolean): void => {
    if (!on || finished) return;
    const t = now();
    if (!force && t - lastDraw < MIN_INTERVAL_MS) return;
    lastDraw = t;
    const status = opts.status?.() ?? '';
    let line = renderProgressLine({ label: opts.label, count, total, elapsedMs: t - start }) + (status ? ` · ${status}` : '');
    if (stream.columns !== undefined && line.length > stream.columns - 1) line = line.slice(0, stream.columns - 1);
    stream.write(`\r${line}\x1b[K`);
  };

  // a run that waits (a rate limit, a back-off) finishes no item: redraw so the wait is seen counting down
  const every =
    opts.every ??
    ((fn: () => void, ms: number) => {
      const h = setInterval(fn, ms);
      h.unref();
      return { clear: () => clearInterval(h) };
    });
  const timer = on && opts.status ? every(() => {
    if (opts.status?.()) draw(false);
  }, 1000) : undefined;

  return {
    tick(n = 1) {
      count += n;
      draw(total !== undefined && count >= total);
    },
    setTotal(t) {
      total = t;
      draw(false);
    },
    done() {
      timer?.clear();
      draw(true);
      if (on && !finished) stream.write('\n');
      finished = true;
    },
    log(line) {
      if (!on || finished) {
        stream.write(`${line}\n`);
        return;
      }
      stream.write('\r\x1b[K');
      stream.write(`${line}\n`);
      lastDraw = Number.NEGATIVE_INFINITY;
      draw(false);
    },
    get count() {
      return count;
    },
  };
}

/** The bar text, without cursor control. Exported for tests and for non-TTY summaries. */
export function renderProgressLine(s: { label: string; count: number; total: number | undefined; elapsedMs: number }): string {
  const rate = s.elapsedMs > 0 ? s.count / (s.elapsedMs / 1000) : 0;
  if (s.total === undefined) return `${s.label} ${s.count}/? ${rate.toFixed(1)}/s`;
  const frac = s.total > 0 ? Math.min(1, s.count / s.total) : 1;
  const filled = Math.round(frac * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
  const left = Math.max(0, s.total - s.count);
  const eta = left === 0 ? '0:00' : rate > 0 ? formatDuration(left / rate) : '?';
  // rounded, but never 100% before the last item
  const pct = s.count >= s.total ? 100 : Math.min(99, Math.round(frac * 100));
  return `${s.label} ${bar} ${s.count}/${s.total} ${pct}% ${rate.toFixed(1)}/s ETA ${eta}`;
}

/** 35 -> "0:35", 3725 -> "1:02:05". */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
