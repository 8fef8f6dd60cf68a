import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';

export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('print a JSON Schema: "config" (slant.yaml) or "results" (results.json)')
    .argument('[which]', 'config | results', 'config')
    .action(async (which: string) => {
      let schema: unknown;
      if (which === 'config') schema = (await import('../../config/schema.js')).configJsonSchema();
      else if (which === 'results') {
        const { z } = await import('zod');
        schema = z.toJSONSchema((await import('../../results/schema.js')).resultsSchema, { unrepresentable: 'any' });
      } else throw new UserError(`schema: expected "config" or "results", got "${which}"`);
      process.stdout.write(JSON.stringify(schema, null, 2) + '\n');
    });
}
