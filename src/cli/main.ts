import { Command, CommanderError } from 'commander';
import { EXIT, UserError } from '../core/errors.js';
import { registerEnvSecrets } from '../core/redact.js';
import { SLANT_VERSION } from '../version.js';
import { ProviderHttpError, ProviderNetworkError } from '../models/http.js';
import { RequestTimeoutError } from '../runtime/scheduler.js';
import { UnparseableJudgeAnswerError } from '../judges/framing/llm-judge.js';
import { registerCache } from './commands/cache.js';
import { registerCertainty } from './commands/certainty.js';
import { registerDatasets } from './commands/datasets.js';
import { registerDemo } from './commands/demo.js';
import { registerInit } from './commands/init.js';
import { registerMeasure } from './commands/measure.js';
import { registerRun } from './commands/run.js';
import { registerRuns } from './commands/runs.js';
import { registerSchema } from './commands/schema.js';
import { registerValidate } from './commands/validate.js';
import { installTerminalGuard } from './terminal-guard.js';

export function buildProgram(): Command {
  const program = new Command('slant')
    .description('measure how language models distort the content they process')
    .version(SLANT_VERSION)
    .option('--json', 'machine-readable output on stdout (no tables, no progress bar)')
    .option('-q, --quiet', 'print only the final lines and errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerDemo(program);
  registerRun(program);
  registerMeasure(program);
  registerValidate(program);
  registerDatasets(program);
  registerCertainty(program);
  registerInit(program);
  registerRuns(program);
  registerCache(program);
  registerSchema(program);
  return program;
}

/**
 * Run the CLI; user errors print one clear message (no stack) and exit with a documented code.
 * Everything printed meanwhile passes the terminal guard (secrets redacted, control characters stripped).
 */
export async function main(argv: string[]): Promise<number> {
  registerEnvSecrets(process.env);
  const guard = installTerminalGuard();
  try {
    return await runProgram(argv);
  } finally {
    guard.dispose();
  }
}

async function runProgram(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; usage errors were already printed by commander
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UserError) {
      process.stderr.write(`slant: ${err.message}\n${err.hint ? `hint: ${err.hint}\n` : ''}`);
      return err.exitCode;
    }
    if (err instanceof ProviderHttpError || err instanceof ProviderNetworkError || err instanceof RequestTimeoutError) {
      process.stderr.write(`slant: ${err.message}\nhint: the provider kept failing after retries; finished work is stored, continue with \`slant run --resume\`\n`);
      return EXIT.provider;
    }
    if (err instanceof UnparseableJudgeAnswerError) {
      process.stderr.write(`slant: ${err.message}\nhint: the judge's answers are never guessed; try another judge model, or resume after checking it\n`);
      return EXIT.provider;
    }
    process.stderr.write(`slant: internal error (please report it):\n${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT.internal;
  }
}

