import type { Command } from 'commander';
import { FAIL_ON_HELP } from '../fail-on.js';
import { UserError } from '../../core/errors.js';
import { inputFormatSchema } from '../../config/schema.js';
import { parseFieldMappings } from '../../data/index.js';
import { probeNames, type ProbeName } from '../../probes/registry.js';
import { runSpec } from './run.js';
import { collect, parseFormat, parsePositiveInt, parseProbeSettings } from '../parse.js';
import { basename } from 'node:path';
import { checkWritablePath } from '../../runtime/write-atomic.js';

interface MeasureOpts {
  input?: string;
  format?: string;
  field: string[];
  output?: string;
  judge: string;
  embedder: string;
  llmJudge?: string;
  model?: string;
  humans?: string;
  set: string[];
  skipInvalid?: boolean;
  allowEmpty?: boolean;
  maxRecordBytes?: number;
  limit?: number;
  concurrency: number;
  store: string;
  reports: string;
}

export function registerMeasure(program: Command): void {
  program
    .command('measure')
    .description('measure recorded outputs: records with source and output (and optionally model) fields')
    .argument('<probes...>', `probes to run: ${probeNames().join(', ')}`)
    .option('-i, --input <file>', 'JSONL, CSV, TSV, Parquet or JSON file of records')
    .option('--format <format>', 'input format (default: from the extension)')
    .option('--field <canonical=column>', 'map a canonical field to a column, e.g. --field source=reviewText (repeatable)', collect, [])
    .option('-o, --output <file>', 'also write the results JSON here')
    .option('--judge <judge>', 'framing judge: offline or a model id', 'offline')
    .option('--embedder <embedder>', 'embedder for primacy: tfidf or an embedding model id', 'tfidf')
    .option('--llm-judge <model>', 'LLM judge model id (certainty pairwise judge)')
    .option('--model <id>', 'the model under test, for probes that ask it directly (hallucination: fact-checking; wildframe: sentiment of the framed statements)')
    .option('--humans <file>', 'wildframe: framed_eval.csv with the annotators\' scores')
    .option('--set <probe.option=value>', 'probe option, e.g. --set primacy.alpha=0.1 (repeatable)', collect, [])
    .option('--skip-invalid', 'skip invalid records (reports how many) instead of stopping at the first')
    .option('--allow-empty', 'accept an input without records (default: "no records in FILE", exit 3)')
    .option('--max-record-bytes <n>', 'the maximum size of one record (one JSONL/CSV line); default 16 MiB', (v: string) => parsePositiveInt(v, '--max-record-bytes'))
    .option('--limit <n>', 'read at most n records', (v: string) => parsePositiveInt(v, '--limit'))
    .option('--concurrency <n>', 'records measured at once', (v: string) => parsePositiveInt(v, '--concurrency'), 4)
    .option('--fail-on <condition>', FAIL_ON_HELP, collect, [])
    .option('--no-cache', 'neither read nor write the request cache (every model call is sent)')
    .option('--store <file>', 'SQLite store', '.slant/slant.db')
    .option('--reports <dir>', 'where the report folder is written', '.slant/reports')
    .action(async (probes: string[], opts: MeasureOpts, cmd: Command) => {
      if (!opts.input) throw new UserError('measure needs --input FILE', { hint: 'e.g. slant measure framing primacy --input outputs.jsonl' });
      if (opts.output) checkWritablePath(opts.output, 'results JSON (--output)');
      if (opts.model && opts.llmJudge) throw new UserError('give either --model (the model under test) or --llm-judge, not both');
      const llm = opts.model ?? opts.llmJudge;
      const format = parseFormat(opts.format, inputFormatSchema);
      const settings = parseProbeSettings(opts.set);
      for (const p of Object.keys(settings)) if (!probes.includes(p)) throw new UserError(`--set names probe "${p}", which is not being run (${probes.join(', ')})`);
      const name = basename(opts.input).replace(/\.[^.]+$/, '').replace(/[^\w.-]/g, '_') || 'input';
      await runSpec(
        {
          kind: 'measure',
          baseDir: process.cwd(),
          store: opts.store,
          reports: opts.reports,
          concurrency: opts.concurrency,
          probes: probes.map((p) => ({ name: p as ProbeName, ...(settings[p] ? { options: settings[p] } : {}) })),
          dataset: {
            name,
            path: opts.input,
            ...(format ? { format } : {}),
            ...(opts.field.length ? { fields: parseFieldMappings(opts.field) } : {}),
            ...(opts.limit ? { limit: opts.limit } : {}),
            ...(opts.skipInvalid ? { skipInvalid: true } : {}),
            ...(opts.allowEmpty ? { allowEmpty: true } : {}),
            ...(opts.maxRecordBytes ? { maxRecordBytes: opts.maxRecordBytes } : {}),
            ...(opts.humans ? { humans: opts.humans } : {}),
          },
          judges: { framing: opts.judge, embedder: opts.embedder, ...(llm ? { llm } : {}) },
          ...(opts.model ? { label: opts.model } : {}),
          ...(opts.output ? { output: opts.output } : {}),
        },
        'measure',
        cmd,
      );
    });
}
