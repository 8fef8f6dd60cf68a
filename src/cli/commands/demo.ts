import type { Command } from 'commander';
import { FAIL_ON_HELP } from '../fail-on.js';
import { collect, parsePositiveInt } from '../parse.js';
import { globalOptions } from '../main-options.js';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('the built-in offline audit: lead-3 and TextRank summaries of the demo corpora, measured for framing shift and primacy')
    .option('--limit <n>', 'documents per demo dataset', (v: string) => parsePositiveInt(v, '--limit'))
    .option('--fail-on <condition>', FAIL_ON_HELP, collect, [])
    .option('--no-cache', 'neither read nor write the request cache (every model call is sent)')
    .option('--store <file>', 'SQLite store', '.slant/slant.db')
    .option('--reports <dir>', 'where the report folder is written', '.slant/reports')
    .option('-o, --output <file>', 'also write the results here: .json (results JSON), .jsonl or .csv (one metric per line)')
    .action(async (opts: { limit?: number; store: string; reports: string }, cmd: Command) => {
      const { demoConfig, DEMO_EXPLANATION } = await import('../../config/demo.js');
      const global = globalOptions(cmd);
      // what the demo measures, before its findings: a first-time reader's question
      if (!global.json && !global.quiet) {
        const { fitToTerminal } = await import('../../report/terminal.js');
        process.stdout.write(`${fitToTerminal([DEMO_EXPLANATION.title, ...DEMO_EXPLANATION.lines.map((l) => `  ${l}`), ''])}\n`);
      }
      const { runSpec } = await import('../run-spec.js');
      const config = demoConfig({ store: opts.store, reports: opts.reports, limit: opts.limit });
      await runSpec({ kind: 'run', baseDir: process.cwd(), config }, 'demo', cmd);
    });
}
