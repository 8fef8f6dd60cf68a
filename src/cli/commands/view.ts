import { resolve } from 'node:path';
import type { Command } from 'commander';
import { openExistingStore, REPORTS_FLAG_HELP, STORE_FLAG_HELP } from '../store-flag.js';
import { workspaceLocations } from '../workspace-config.js';
import { startViewer } from '../../viewer/server.js';
import { parsePort } from '../parse.js';
import { keepYoungGenerationSmall } from '../young-generation.js';

export function registerView(program: Command): void {
  program
    .command('view')
    .description('browse the runs in the store: reports, items, comparisons (a local read-only web server)')
    .option('--store <file>', STORE_FLAG_HELP)
    .option('--reports <dir>', REPORTS_FLAG_HELP)
    .option('--host <host>', 'address to bind (default 127.0.0.1: this machine only)', '127.0.0.1')
    .option('--port <n>', 'port (default 0: any free port)', (v: string) => parsePort(v), 0)
    .action(async (flags: { store?: string; reports?: string; host: string; port: number }) => {
      keepYoungGenerationSmall();
      const opts = { ...flags, ...(await workspaceLocations(flags)) };
      const store = await openExistingStore(flags.store);
      const viewer = await startViewer({ store, reportsDir: resolve(opts.reports), host: opts.host, port: opts.port }).catch(async (err: unknown) => {
        await store.close(); // a port in use or a foreign --host: say so (exit 2) with the store closed
        throw err;
      });
      process.stdout.write(`slant view: ${viewer.url} (read-only; Ctrl-C to stop)\n`);
      if (!['127.0.0.1', 'localhost', '::1'].includes(opts.host)) process.stderr.write(`slant view: warning: bound to ${opts.host}, so other machines can read this store's texts and results\n`);
      await new Promise<void>((done) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void viewer
            .close()
            .then(() => store.close())
            .then(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
