import type { Command } from 'commander';
import { FAIL_ON_HELP } from '../fail-on.js';
import { UserError } from '../../core/errors.js';
import { PROBE_NAMES, type ProbeName } from '../../probes/names.js';
import { INPUT_FORMAT_NAMES } from '../../config/formats.js';
import { collect, parseFormat, parsePositiveInt, parseProbeSettings } from '../parse.js';
import { basename } from 'node:path';
import { deprecatedAlias } from '../flags.js';
import { resultsOutputFormat } from '../results-output.js';
import { checkWritablePath } from '../../runtime/write-atomic.js';

interface MeasureOpts {
  input?: string;
  format?: string;
  field: string[];
  output?: string;
  judge: string[];
  embedder: string;
  moderator?: string;
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

/** The probes whose judge `--judge` chooses. */
const JUDGED_PROBES = ['framing', 'certainty'] as const;

/**
 * `--judge ID` (every judged probe) and `--judge probe=ID` (one probe): the judge that scores
 * texts, `offline` (the built-in instrument) or a model id. The old `--llm-judge M` is `--judge certainty=M`.
 */
export function judgeChoice(values: readonly string[], probes: readonly string[]): Record<(typeof JUDGED_PROBES)[number], string> {
  const out: Record<string, string> = { framing: 'offline', certainty: 'offline' };
  const set = new Map<string, string>();
  const assign = (probe: string, id: string): void => {
    const prev = set.get(probe);
    if (prev !== undefined && prev !== id) throw new UserError(`--judge chooses two judges for ${probe} ("${prev}" and "${id}")`);
    set.set(probe, id);
    out[probe] = id;
  };
  const general = values.filter((v) => !/^[a-z-]+=/.test(v));
  if (general.length > 1) throw new UserError(`--judge was given twice without a probe (${general.join(', ')}); use --judge probe=ID for a second judge`);
  for (const v of values) {
    const m = /^([a-z-]+)=(.+)$/.exec(v);
    if (!m) continue;
    const [, probe, id] = m as unknown as [string, string, string];
    if (!(JUDGED_PROBES as readonly string[]).includes(probe)) throw new UserError(`--judge ${v}: probe "${probe}" takes no judge; --judge applies to ${JUDGED_PROBES.join(', ')}`);
    if (!probes.includes(probe)) throw new UserError(`--judge ${v} names probe "${probe}", which is not being run (${probes.join(', ')})`);
    assign(probe, id);
  }
  for (const g of general) for (const p of JUDGED_PROBES) if (!set.has(p)) out[p] = g;
  return out as Record<(typeof JUDGED_PROBES)[number], string>;
}

export function registerMeasure(program: Command): void {
  const command = program
    .command('measure')
    .description('measure recorded outputs: records with source and output (and optionally model) fields')
    .argument('<probes...>', `probes to run: ${PROBE_NAMES.join(', ')}`)
    .option('-i, --input <file>', 'JSONL, CSV, TSV, Parquet or JSON file of records')
    .option('--format <format>', 'input format (default: from the extension)')
    .option('--field <canonical=column>', 'map a canonical field to a column, e.g. --field source=reviewText (repeatable)', collect, [])
    .option('-o, --output <file>', 'also write the results here: .json (results JSON), .jsonl or .csv (one metric per line)')
    .option('--judge <[probe=]id>', 'the judge that scores texts: offline or a model id, for every probe that takes one (framing, certainty); probe=id for one probe (repeatable)', collect, [])
    .option('--embedder <embedder>', 'embedder for primacy: tfidf or an embedding model id', 'tfidf')
    .option('--model <id>', 'the model under test, for probes that ask it directly (hallucination: fact-checking; wildframe: sentiment of the framed statements)')
    .option('--humans <file>', 'wildframe: framed_eval.csv with the annotators\' scores')
    .option('--moderator <model>', "certainty: the model that reviews the judge's order-inconsistent items (App. D.1; same as --set certainty.moderator=<model>)")
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
      if (opts.output !== undefined) {
        checkWritablePath(opts.output, 'results JSON (--output)');
        resultsOutputFormat(opts.output);
      }
      const judge = judgeChoice(opts.judge, probes);
      const certaintyJudge = judge.certainty === 'offline' ? undefined : judge.certainty;
      if (opts.model && certaintyJudge) throw new UserError('give either --model (the model under test) or an LLM --judge for certainty, not both');
      const llm = opts.model ?? certaintyJudge;
      const { parseFieldMappings } = await import('../../data/index.js');
      const { runSpec } = await import('../run-spec.js');
      const format = parseFormat(opts.format, INPUT_FORMAT_NAMES);
      const settings = parseProbeSettings(opts.set);
      if (opts.moderator !== undefined) {
        if (!probes.includes('certainty')) throw new UserError('--moderator applies to the certainty probe, which is not being measured');
        (settings.certainty ??= {}).moderator = opts.moderator;
      }
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
          judges: { framing: judge.framing, embedder: opts.embedder, ...(llm ? { llm } : {}) },
          ...(opts.model ? { label: opts.model } : {}),
          ...(opts.output ? { output: opts.output } : {}),
        },
        'measure',
        cmd,
      );
    });
  deprecatedAlias(command, '--llm-judge <model>', '--judge certainty=MODEL', (value, cmd) => {
    cmd.setOptionValueWithSource('judge', [...((cmd.getOptionValue('judge') as string[] | undefined) ?? []), `certainty=${String(value)}`], 'cli');
  });
}
