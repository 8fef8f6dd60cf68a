import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { EXAMPLE_CONFIG } from '../../config/example.js';
import { outputFormat } from '../flags.js';

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('write a commented example slant.yaml')
    .option('-o, --output <file>', 'where to write it (.yaml or .yml)', 'slant.yaml')
    .option('--force', 'overwrite an existing file')
    .action((opts: { output: string; force?: boolean }) => {
      outputFormat(opts.output, { '.yaml': 'yaml', '.yml': 'yaml' });
      if (existsSync(opts.output) && !opts.force) throw new UserError(`${opts.output} already exists; use --force to overwrite`);
      writeFileSync(opts.output, EXAMPLE_CONFIG);
      process.stdout.write(`wrote ${opts.output}; run it with \`slant run -c ${opts.output}\`\n`);
    });
}
