import type { Command } from 'commander';
import { z } from 'zod';
import { UserError } from '../../core/errors.js';
import { configJsonSchema } from '../../config/schema.js';
import { resultsSchema } from '../../results/schema.js';

export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('print a JSON Schema: "config" (slant.yaml) or "results" (results.json)')
    .argument('[which]', 'config | results', 'config')
    .action((which: string) => {
      let schema: unknown;
      if (which === 'config') schema = configJsonSchema();
      else if (which === 'results') schema = z.toJSONSchema(resultsSchema, { unrepresentable: 'any' });
      else throw new UserError(`schema: expected "config" or "results", got "${which}"`);
      process.stdout.write(JSON.stringify(schema, null, 2) + '\n');
    });
}
