import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (tsx is resolved from here). */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Absolute file URL of a source module, for child scripts to import. */
export function srcUrl(rel: string): string {
  return new URL(`../../src/${rel}`, import.meta.url).href;
}

/** Write `code` as a TypeScript script (name it .mts so top-level await works) in `dir` and start it under tsx with piped stdio. */
export function spawnTs(dir: string, name: string, code: string, args: string[] = []): ChildProcessWithoutNullStreams {
  const file = join(dir, name);
  writeFileSync(file, code);
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: REPO, stdio: 'pipe' });
}

/** Collect stdout lines; resolve `waitFor` when a predicate over the lines so far holds. */
export function lines(child: ChildProcessWithoutNullStreams): {
  all: string[];
  waitFor(pred: (all: string[]) => boolean): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
} {
  const all: string[] = [];
  let buf = '';
  let stderr = '';
  const waiters: { pred: (all: string[]) => boolean; resolve: () => void }[] = [];
  const check = (): void => {
    for (const w of waiters.splice(0)) {
      if (w.pred(all)) w.resolve();
      else waiters.push(w);
    }
  };
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    buf += d;
    const parts = buf.split('\n');
    buf = parts.pop() ?? '';
    all.push(...parts);
    check();
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => {
      if (buf !== '') all.push(buf);
      check();
      resolve({ code, signal, stderr });
    });
  });
  return {
    all,
    waitFor: (pred) =>
      new Promise<void>((resolve, reject) => {
        if (pred(all)) return resolve();
        waiters.push({ pred, resolve });
        void exit.then(({ code, signal, stderr: err }) => {
          if (!pred(all)) reject(new Error(`child exited (${code ?? signal}) before expected output; stderr: ${err}`));
        });
      }),
    exit,
  };
}
