import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { importOptional } from '../../core/optional-package.js';
import { collect, parsePositiveInt } from '../parse.js';
import { globalOptions } from '../main-options.js';

/** The shared store a worker command needs: --store, else SLANT_STORE; only PostgreSQL. */
async function openShared(store: string | undefined, opts: { keepConnections?: boolean } = {}) {
  const url = store ?? process.env.SLANT_STORE;
  const { isPostgresUrl } = await import('../../runtime/store-url.js');
  if (url === undefined || !isPostgresUrl(url)) {
    throw new UserError('workers share a PostgreSQL store', { hint: 'pass --store postgres://user@host/db (or set SLANT_STORE); the password from PGPASSWORD or ~/.pgpass' });
  }
  const { PgStore } = await importOptional('workers', () => import('../../runtime/pg-store.js'));
  return PgStore.open(url, opts);
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('take the units of distributed runs (`slant run --workers`) from a PostgreSQL store and run them here')
    .option('--store <url>', 'the shared store: postgres://user@host/db (default: SLANT_STORE)')
    .option('--models <pattern>', 'only units of these models (label patterns, * wildcards; repeatable), e.g. "gguf:*"', collect, [])
    .option('--parallel <n>', 'units worked on at once (default 2)', (v: string) => parsePositiveInt(v, '--parallel'))
    .option('--max-concurrency <n>', "requests in flight per provider on this worker (overrides the run's provider settings)", (v: string) => parsePositiveInt(v, '--max-concurrency'))
    .option('--exit-when-idle', 'stop once there is no unit left for this worker (default: keep waiting for runs)')
    .action(async (opts: { store?: string; models: string[]; parallel?: number; maxConcurrency?: number; exitWhenIdle?: boolean }, cmd: Command) => {
      const store = await openShared(opts.store, { keepConnections: true });
      const { runWorker } = await importOptional('workers', () => import('../../pipeline/distributed/worker.js'));
      const { workerPlan } = await import('../worker-plan.js');
      const { RequestCache } = await import('../../runtime/cache.js');
      const { ModelContext } = await import('../../runtime/model-context.js');
      const cache = new RequestCache(store);
      const models = new ModelContext(cache);
      const { workerBudget } = await import('../worker-budget.js');
      /** per run with a budget: its models reserve against the spend the run's workers share */
      const budgets = new Map<string, { stop: AbortSignal; flush(): Promise<void> }>();
      const ctrl = new AbortController();
      const stop = (): void => ctrl.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      const quiet = globalOptions(cmd).quiet || globalOptions(cmd).json;
      try {
        const r = await runWorker(store, {
          models: opts.models,
          ...(opts.parallel ? { parallel: opts.parallel } : {}),
          ...(opts.maxConcurrency ? { slots: opts.maxConcurrency } : {}),
          planFor: async (runId, configJson) => {
            const b = await workerBudget(store, runId, configJson, quiet ? undefined : (line) => process.stderr.write(`${line}\n`));
            if (b === undefined) {
              budgets.delete(runId);
              return workerPlan(configJson, (m) => models.wrap(m), opts.maxConcurrency);
            }
            budgets.set(runId, { stop: b.budget.stop, flush: () => b.shared.flush() });
            const budgeted = new ModelContext(cache, { budget: b.budget });
            return workerPlan(configJson, (m) => budgeted.wrap(m), opts.maxConcurrency);
          },
          budgetFor: (runId) => budgets.get(runId),
          signal: ctrl.signal,
          exitWhenIdle: opts.exitWhenIdle === true,
          ...(quiet ? {} : { log: (line: string) => process.stderr.write(`${line}\n`) }),
        });
        if (!quiet) process.stderr.write(`worker stopped after ${r.units} unit(s)\n`);
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        await store.close();
      }
    });
}

export function registerWorkers(program: Command): void {
  program
    .command('workers')
    .description('list the live workers of a PostgreSQL store: host, models, units held and done, rate')
    .option('--store <url>', 'the shared store: postgres://user@host/db (default: SLANT_STORE)')
    .action(async (opts: { store?: string }, cmd: Command) => {
      const store = await openShared(opts.store);
      try {
        const { listWorkers } = await importOptional('workers', () => import('../../pipeline/distributed/status.js'));
        const rows = await listWorkers(store);
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify(rows) + '\n');
          return;
        }
        if (rows.length === 0) {
          process.stdout.write('no live workers\n');
          return;
        }
        const { createTable } = await import('../../report/table.js');
        const t = createTable(['worker', 'models', 'units now', 'units done', 'items done', 'items/min', 'last beat']);
        for (const w of rows) t.push([w.id, w.models.length ? w.models.join(', ') : 'all', w.holding.length ? w.holding.join('\n') : '—', String(w.unitsDone), String(w.itemsDone), w.itemsPerMinute === undefined ? '—' : w.itemsPerMinute.toFixed(1), `${w.beatAgoS.toFixed(0)} s ago`]);
        process.stdout.write(`${t.toString()}\n`);
      } finally {
        await store.close();
      }
    });
}

export function registerCancel(program: Command): void {
  program
    .command('cancel <run>')
    .description('cancel a distributed run from any machine: workers drop its units, its coordinator stops (resume it later with --workers --resume)')
    .option('--store <url>', 'the shared store: postgres://user@host/db (default: SLANT_STORE)')
    .action(async (run: string, opts: { store?: string }) => {
      const store = await openShared(opts.store);
      try {
        const { cancelRun } = await importOptional('workers', () => import('../../pipeline/distributed/coordinate.js'));
        if (!(await cancelRun(store, run))) throw new UserError(`no running distributed run "${run}" in ${store.location}`, { hint: 'list runs with `slant runs --store …`' });
        process.stdout.write(`run ${run} cancelled\n`);
      } finally {
        await store.close();
      }
    });
}
