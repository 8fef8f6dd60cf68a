import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { EXAMPLE_CONFIG } from '../../config/example.js';
import { outputFormat } from '../flags.js';

/** The example's model list, which `--model` replaces (a test checks the example still has it). */
export const EXAMPLE_MODELS = 'models:\n  - id: builtin:lead-3\n  - id: builtin:textrank\n    label: textrank\n';

/**
 * The example config, with `model` as its only model when given. The id is checked first (a
 * provider slant has, and for openai-compatible a `<baseURL>#<model>` with the model), so a
 * mistake is reported here rather than at the first run, and written as a quoted YAML string so
 * that a "#" in it is not read as a comment.
 */
export async function exampleConfig(model: string | undefined): Promise<string> {
  if (model === undefined) return EXAMPLE_CONFIG;
  const { listProviders, parseModelId } = await import('../../models/registry.js');
  const { provider, rest } = parseModelId(model);
  const providers = listProviders();
  const info = providers.find((p) => p.name === provider);
  if (info === undefined) throw new UserError(`--model ${model}: no provider is called "${provider}"; the ids slant reads are ${providers.map((p) => p.idForm).join(', ')}`, { hint: 'see docs/providers.md' });
  if (rest.trim() === '') throw new UserError(`--model ${model}: nothing after "${provider}:"; expected ${info.idForm}`);
  if (provider === 'openai-compatible') {
    const { parseCompatibleId } = await import('../../models/openai-compatible/index.js');
    parseCompatibleId(rest, {});
  }
  if (!EXAMPLE_CONFIG.includes(EXAMPLE_MODELS)) throw new Error('the example config lost its model list');
  return EXAMPLE_CONFIG.replace(EXAMPLE_MODELS, `models:\n  - id: ${JSON.stringify(model.trim())}\n`);
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('write a commented example slant.yaml (with --model: for that model)')
    .option('-o, --output <file>', 'where to write it (.yaml or .yml)', 'slant.yaml')
    .option('--model <id>', 'the model to audit, e.g. openai:gpt-4o-mini, ollama:llama3.1:8b, "openai-compatible:http://127.0.0.1:8000/v1#<model>", llamacpp:http://127.0.0.1:8080, gguf:<file.gguf> (default: the built-in models)')
    .option('--force', 'overwrite an existing file')
    .action(async (opts: { output: string; model?: string; force?: boolean }) => {
      outputFormat(opts.output, { '.yaml': 'yaml', '.yml': 'yaml' });
      if (existsSync(opts.output) && !opts.force) throw new UserError(`${opts.output} already exists; use --force to overwrite`);
      const text = await exampleConfig(opts.model);
      writeFileSync(opts.output, text);
      process.stdout.write(`wrote ${opts.output}${opts.model !== undefined ? ` for ${opts.model.trim()}` : ''}; run it with \`slant run -c ${opts.output}\`\n`);
    });
}
