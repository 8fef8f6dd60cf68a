import type { Command } from 'commander';
import Table from 'cli-table3';
import { InputError, UserError } from '../../core/errors.js';
import type { Framing } from '../../core/types.js';
import { dataFormatSchema } from '../../config/schema.js';
import { readRecords } from '../../data/index.js';
import { createFramingJudge } from '../../judges/registry.js';
import { evaluateFramingJudge, ratingToFraming } from '../../judges/framing/evaluate.js';
import { globalOptions } from '../main-options.js';
import { parsePositiveInt } from '../parse.js';
import { createProgress } from '../../runtime/progress.js';

interface ValidateFramingOpts {
  input?: string;
  textField: string;
  ratingField: string;
  format?: string;
  judge: string;
  limit?: number;
  skipInvalid?: boolean;
  batch: number;
}

export function registerValidate(program: Command): void {
  const validate = program.command('validate').description('check a judge against labelled data');
  validate
    .command('framing')
    .description('accuracy of a framing judge on star-rated texts (1–2 negative, 3 neutral, 4–5 positive)')
    .option('-i, --input <file>', 'CSV, TSV, JSONL, Parquet or JSON file')
    .option('--text-field <column>', 'column with the text', 'text')
    .option('--rating-field <column>', 'column with the 1–5 rating', 'rating')
    .option('--format <format>', 'input format (default: from the extension)')
    .option('--judge <judge>', 'framing judge: offline or a model id', 'offline')
    .option('--limit <n>', 'use at most n records', (v: string) => parsePositiveInt(v, '--limit'))
    .option('--skip-invalid', 'skip records with an empty text or a rating outside 1–5 (reports how many)')
    .option('--batch <n>', 'texts per judge call', (v: string) => parsePositiveInt(v, '--batch'), 64)
    .action(async (opts: ValidateFramingOpts, cmd: Command) => {
      const global = globalOptions(cmd);
      if (!opts.input) throw new UserError('validate framing needs --input FILE');
      const format = opts.format === undefined ? undefined : dataFormatSchema.safeParse(opts.format);
      if (format && !format.success) throw new UserError(`--format must be one of ${dataFormatSchema.options.join(', ')}, got "${opts.format}"`);
      const judge = await createFramingJudge(opts.judge);
      const reader = readRecords(opts.input, {
        format: format?.data,
        fields: { text: opts.textField, rating: opts.ratingField },
        required: ['text'],
        optional: ['rating'],
        skipInvalid: opts.skipInvalid ?? false,
        limit: opts.limit,
      });
      const items: { text: string; label: Framing }[] = [];
      let badRatings = 0;
      for await (const r of reader) {
        const raw = r.fields.rating;
        const label = ratingToFraming(typeof raw === 'number' ? raw : Number(String(raw ?? '').trim()));
        if (label === null) {
          if (opts.skipInvalid) {
            badRatings++;
            continue;
          }
          throw new InputError({ ...r.location, field: opts.ratingField }, `expected a rating from 1 to 5, got ${JSON.stringify(raw ?? null)}`);
        }
        items.push({ text: String(r.fields.text), label });
      }
      if (items.length === 0) throw new UserError(`${opts.input}: no usable records`);
      const progress = createProgress({ total: items.length, label: 'judging', enabled: !global.json && !global.quiet });
      const report = await evaluateFramingJudge(batchedWithProgress(judge, opts.batch, (n) => progress.tick(n)), items);
      progress.done();
      const skipped = reader.stats.skipped + badRatings;
      if (global.json) {
        process.stdout.write(JSON.stringify({ judge: { id: judge.id, version: judge.version }, skipped, ...report }) + '\n');
        return;
      }
      const t = new Table({ head: ['truth \\ predicted', ...report.confusion.labels] });
      report.confusion.labels.forEach((l, i) => t.push([l, ...(report.confusion.matrix[i] ?? []).map(String)]));
      process.stdout.write(
        [
          `judge ${judge.id}@${judge.version} on ${opts.input}`,
          `n = ${report.n}${skipped ? ` (${skipped} skipped)` : ''}`,
          `accuracy          ${report.accuracy.toFixed(3)}`,
          `balanced accuracy ${report.balancedAccuracy.toFixed(3)}`,
          `recall: ${Object.entries(report.perClassRecall).map(([k, v]) => `${k} ${Number(v).toFixed(3)}`).join(', ')}`,
          t.toString(),
        ].join('\n') + '\n',
      );
    });
}

/** Feed the judge in batches so the progress bar moves and LLM judges can work in parallel. */
function batchedWithProgress<J extends { classify(texts: readonly string[]): Promise<Framing[]> }>(judge: J, size: number, tick: (n: number) => void): J {
  return Object.assign(Object.create(judge) as J, {
    async classify(texts: readonly string[]): Promise<Framing[]> {
      const out: Framing[] = [];
      for (let i = 0; i < texts.length; i += size) {
        const chunk = texts.slice(i, i + size);
        out.push(...(await judge.classify(chunk)));
        tick(chunk.length);
      }
      return out;
    },
  });
}
