import type { Command } from 'commander';
import { createTable } from '../../report/table.js';
import { InputError, UserError } from '../../core/errors.js';
import type { Framing, UnreadableAnswer } from '../../core/types.js';
import { nText } from '../../core/excluded.js';
import { DATA_FORMATS } from '../../config/formats.js';
import { readRecords } from '../../data/index.js';
import { createFramingJudge } from '../../judges/registry.js';
import { evaluateFramingJudge, ratingToFraming, type FramingEvaluation } from '../../judges/framing/evaluate.js';
import { globalOptions } from '../main-options.js';
import { registerValidateEmbedder } from './validate-embedder.js';
import { registerValidateVerdict } from './validate-verdict.js';
import { parseFormat, parseNonNegative, parsePositiveInt } from '../parse.js';
import { createProgress } from '../../runtime/progress.js';
import { aliasTo, aliasToField, deprecatedAlias, fieldMap, fieldOption } from '../flags.js';
import { progressStream } from '../terminal-guard.js';
import { basename } from 'node:path';
import { describeCard, type JudgeCard } from '../../judges/card.js';
import { certaintyCard, framingCard } from '../../judges/card-builders.js';
import { openRunStore } from '../../runtime/open-store.js';
import { DEFAULT_STORE_PATH } from '../../runtime/store.js';
import { putJudgeCard } from '../../runtime/judge-cards.js';

/** Stores a card for its (task, judge, version): later runs with that judge show it and correct their rates with it. */
async function saveCard(storePath: string, card: JudgeCard): Promise<void> {
  const store = await openRunStore(storePath);
  try {
    await putJudgeCard(store, { task: card.task, judge: card.judge, version: card.version }, card);
  } finally {
    await store.close();
  }
}

interface ValidateFramingOpts {
  input?: string;
  field: string[];
  format?: string;
  judge: string;
  limit?: number;
  skipInvalid?: boolean;
  batch: number;
  saveCard?: boolean;
  store: string;
  unseenOnly?: boolean;
}

export function registerValidate(program: Command): void {
  const validate = program.command('validate').description('check a judge against labelled data');
  registerValidateCertainty(validate);
  registerValidateVerdict(validate);
  registerValidateEmbedder(validate);
  const framing = validate
    .command('framing')
    .description('accuracy of a framing judge on star-rated texts (1–2 negative, 3 neutral, 4–5 positive)')
    .option('-i, --input <file>', 'CSV, TSV, JSONL, Parquet or JSON file')
    .addOption(fieldOption(['text', 'rating']))
    .option('--format <format>', 'input format (default: from the extension)')
    .option('--judge <judge>', 'framing judge: offline or a model id', 'offline')
    .option('--limit <n>', 'use at most n records', (v: string) => parsePositiveInt(v, '--limit'))
    .option('--skip-invalid', 'skip records with an empty text or a rating outside 1–5 (reports how many)')
    .option('--batch <n>', 'texts per judge call', (v: string) => parsePositiveInt(v, '--batch'), 64)
    .option('--unseen-only', 'offline judge: score only rows it was not fitted on (reports how many were left out)')
    .option('--save-card', 'store the figures as the judge\'s accuracy card; later runs with this judge report it and correct their rates with it')
    .option('--store <file>', 'store for --save-card: a SQLite file, or postgres://user@host/db', DEFAULT_STORE_PATH)
    .action(async (opts: ValidateFramingOpts, cmd: Command) => {
      const global = globalOptions(cmd);
      if (!opts.input) throw new UserError('validate framing needs --input FILE');
      const fields = fieldMap(opts.field, { text: 'text', rating: 'rating' });
      const format = parseFormat(opts.format, DATA_FORMATS);
      const judge = await createFramingJudge(opts.judge);
      const reader = readRecords(opts.input, {
        ...(format ? { format } : {}),
        fields,
        required: ['text'],
        optional: ['rating'],
        skipInvalid: opts.skipInvalid ?? false,
        limit: opts.limit,
        // ids do not matter here; a repeated text is counted once (and reported as skipped)
        deriveIds: true,
        duplicates: 'skip',
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
          throw new InputError({ ...r.location, field: fields.rating }, `expected a rating from 1 to 5, got ${JSON.stringify(raw ?? null)}`);
        }
        items.push({ text: String(r.fields.text), label });
      }
      const offline = judge.id === 'offline-framing';
      let inTraining = 0;
      let seenLeftOut = 0;
      if (offline) {
        const { inOfflineFramingTrainingSet } = await import('../../judges/framing/training-overlap.js');
        const unseen = items.filter((it) => !inOfflineFramingTrainingSet(it.text));
        inTraining = items.length - unseen.length;
        if (opts.unseenOnly) {
          seenLeftOut = inTraining;
          inTraining = 0;
          items.splice(0, items.length, ...unseen);
        }
      }
      if (items.length === 0) throw new UserError(`${opts.input}: no usable records${seenLeftOut ? ` (all ${seenLeftOut} were training rows of the offline judge)` : ''}`);
      const progress = createProgress({ total: items.length, label: 'judging', stream: progressStream(), enabled: !global.json && !global.quiet });
      const report = await evaluateFramingJudge(batchedWithProgress(judge, opts.batch, (n) => progress.tick(n)), items);
      progress.done();
      const skipped = reader.stats.skipped + badRatings;
      const card = framingCard(report, {
        judge: judge.id,
        version: judge.version,
        data: `${opts.input} (${report.n} rows${report.unreadable ? `, ${report.unreadable.n} unreadable answers left out` : ''}${skipped ? `, ${skipped} skipped` : ''}${seenLeftOut ? `, ${seenLeftOut} training rows left out` : ''})`,
        heldOut: inTraining === 0,
        summary: `${basename(opts.input)}${inTraining ? ` (${inTraining} of ${report.n} rows in-sample)` : ''}`,
        command: `slant validate framing --judge ${opts.judge} --input ${opts.input}`,
      });
      if (opts.saveCard) await saveCard(opts.store, card);
      if (global.json) {
        process.stdout.write(JSON.stringify({ judge: { id: judge.id, version: judge.version }, skipped, inTraining, ...(opts.unseenOnly ? { seenLeftOut } : {}), ...report, card }) + '\n');
        return;
      }
      if (global.quiet) {
        process.stdout.write(`accuracy ${report.accuracy.toFixed(3)}, balanced accuracy ${report.balancedAccuracy.toFixed(3)} (${nText(report.n, report.unreadable?.reasons)}${skipped ? `, ${skipped} skipped` : ''})\n`);
        return;
      }
      const t = createTable(['truth \\ predicted', ...report.confusion.labels]);
      report.confusion.labels.forEach((l, i) => t.push([l, ...(report.confusion.matrix[i] ?? []).map(String)]));
      process.stdout.write(
        [
          `judge ${judge.id}@${judge.version} on ${opts.input}`,
          `${nText(report.n, report.unreadable?.reasons)}${skipped ? ` (${skipped} skipped)` : ''}`,
          ...unreadableLines(report.unreadable),
          `accuracy          ${report.accuracy.toFixed(3)}`,
          `balanced accuracy ${report.balancedAccuracy.toFixed(3)}`,
          `recall: ${Object.entries(report.perClassRecall).map(([k, v]) => `${k} ${Number(v).toFixed(3)}`).join(', ')}`,
          ...(inTraining ? [`warning: ${inTraining} of ${report.n} rows were training rows of the offline judge; figures on them are in-sample (--unseen-only leaves them out; held-out figures: docs/judges/framing-offline.md)`] : []),
          ...(seenLeftOut ? [`${seenLeftOut} training rows of the offline judge left out`] : []),
          t.toString(),
          `card: ${describeCard(card)}${opts.saveCard ? ` — saved to ${opts.store}` : ''}`,
        ].join('\n') + '\n',
      );
    });
  deprecatedAlias(framing, '--text-field <column>', '--field text=COLUMN', aliasToField('text'));
  deprecatedAlias(framing, '--rating-field <column>', '--field rating=COLUMN', aliasToField('rating'));
}

interface ValidateCertaintyOpts {
  input?: string;
  field: string[];
  format?: string;
  judge: string;
  limit?: number;
  skipInvalid?: boolean;
  unseenOnly?: boolean;
  tieBand?: number;
  clearBand?: number;
  saveCard?: boolean;
  store: string;
}


function registerValidateCertainty(validate: Command): void {
  const certainty = validate
    .command('certainty')
    .description('direction accuracy and Kendall τ_b of a certainty comparator on labelled pairs (label > 0: b more certain)')
    .option('-i, --input <file>', 'CSV, TSV, JSONL, Parquet or JSON file of pairs')
    .addOption(fieldOption(['a', 'b', 'label']))
    .option('--format <format>', 'input format (default: from the extension)')
    .option('--judge <id>', 'the judge: offline (the offline comparator) or a model id (the pairwise LLM judge, Figure 24 prompt, both orders)', 'offline')
    .option('--save-card', 'store the figures as the comparator\'s accuracy card; later runs with it report it and correct CD with it')
    .option('--store <file>', 'store for --save-card: a SQLite file, or postgres://user@host/db', DEFAULT_STORE_PATH)
    .option('--limit <n>', 'use at most n pairs', (v: string) => parsePositiveInt(v, '--limit'))
    .option('--skip-invalid', 'skip pairs with an empty text or a non-numeric label (reports how many)')
    .option('--tie-band <x>', 'offline comparator: |δ| below this is "no clear difference" (default: the fitted band; 0 = always pick a direction)', (v: string) => parseNonNegative(v, '--tie-band'))
    .option('--clear-band <x>', 'offline comparator: |δ| below this is "slightly" (default: the fitted band)', (v: string) => parseNonNegative(v, '--clear-band'))
    .option('--unseen-only', "score only pairs whose texts the offline comparator was not fitted on (reports how many were left out)")
    .action(async (opts: ValidateCertaintyOpts, cmd: Command) => {
      const global = globalOptions(cmd);
      if (!opts.input) throw new UserError('validate certainty needs --input FILE');
      const fields = fieldMap(opts.field, { a: 'a', b: 'b', label: 'label' });
      const llmJudge = opts.judge === 'offline' ? undefined : opts.judge;
      if (llmJudge && (opts.unseenOnly || opts.tieBand !== undefined || opts.clearBand !== undefined)) {
        throw new UserError('--unseen-only, --tie-band and --clear-band apply to the offline comparator, not to an LLM --judge');
      }
      const format = parseFormat(opts.format, DATA_FORMATS);
      const reader = readRecords(opts.input, {
        ...(format ? { format } : {}),
        fields,
        required: ['a', 'b'],
        optional: ['label'],
        skipInvalid: opts.skipInvalid ?? false,
        limit: opts.limit,
        deriveIds: true,
        duplicates: 'skip',
      });
      const items: { a: string; b: string; label: number }[] = [];
      let badLabels = 0;
      for await (const r of reader) {
        const raw = r.fields.label;
        const label = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim() || NaN);
        if (!Number.isFinite(label)) {
          if (opts.skipInvalid) {
            badLabels++;
            continue;
          }
          throw new InputError({ ...r.location, field: fields.label }, `expected a number (its sign says which text is more certain), got ${JSON.stringify(raw ?? null)}`);
        }
        items.push({ a: String(r.fields.a), b: String(r.fields.b), label });
      }
      let seenLeftOut = 0;
      if (opts.unseenOnly) {
        const { inOfflineTrainingSet } = await import('../../judges/certainty/training-overlap.js');
        const unseen = items.filter((it) => !inOfflineTrainingSet(it.a) && !inOfflineTrainingSet(it.b));
        seenLeftOut = items.length - unseen.length;
        items.splice(0, items.length, ...unseen);
      }
      if (items.length === 0) throw new UserError(`${opts.input}: no usable pairs${seenLeftOut ? ` (all ${seenLeftOut} contain a text the offline comparator was fitted on)` : ''}`);
      const { validateCertaintyComparator } = await import('../../judges/certainty/validate.js');
      let comparator;
      if (llmJudge) {
        const { LlmCertaintyJudge } = await import('../../judges/certainty/llm-judge.js');
        const { createModel } = await import('../../models/create-model.js');
        comparator = new LlmCertaintyJudge(await createModel(llmJudge));
      } else if (opts.tieBand !== undefined || opts.clearBand !== undefined) {
        const { offlineComparatorWithBands } = await import('../../judges/certainty/offline-comparator.js');
        comparator = offlineComparatorWithBands({ tieBand: opts.tieBand, clearBand: opts.clearBand });
      }
      if (!comparator) {
        const { OfflineCertaintyComparator } = await import('../../judges/certainty/offline-comparator.js');
        comparator = new OfflineCertaintyComparator();
      }
      const report = await validateCertaintyComparator({ items, comparator });
      const skipped = reader.stats.skipped + badLabels;
      const card = certaintyCard(report, {
        judge: comparator.id,
        version: 'cardVersion' in comparator ? comparator.cardVersion : comparator.version,
        data: `${opts.input} (${report.nAll} pairs${skipped ? `, ${skipped} skipped` : ''}${seenLeftOut ? `, ${seenLeftOut} in-sample pairs left out` : ''})`,
        heldOut: report.inTraining === 0,
        summary: `${basename(opts.input)}${report.inTraining ? ` (${report.inTraining} of ${report.nAll} pairs in-sample)` : ''}`,
        command: `slant validate certainty --input ${opts.input}${llmJudge ? ` --judge ${llmJudge}` : ''}`,
      });
      if (opts.saveCard) await saveCard(opts.store, card);
      if (global.json) {
        process.stdout.write(JSON.stringify({ comparator: llmJudge ?? 'offline', skipped, ...(opts.unseenOnly ? { seenLeftOut } : {}), ...report, card }) + '\n');
        return;
      }
      if (global.quiet) {
        process.stdout.write(`direction accuracy ${report.n ? report.directionAccuracy.toFixed(3) : '—'} (n = ${report.n}), Kendall τ_b ${Number.isNaN(report.tauB) ? '—' : report.tauB.toFixed(3)}\n`);
        return;
      }
      const t = createTable(['truth \\ predicted', ...report.confusion.columns]);
      report.confusion.rows.forEach((l, i) => t.push([l, ...(report.confusion.counts[i] ?? []).map(String)]));
      process.stdout.write(
        [
          `comparator ${llmJudge ?? 'offline'} on ${opts.input}`,
          `pairs: ${report.nAll}${skipped ? ` (${skipped} skipped)` : ''}${seenLeftOut ? ` (${seenLeftOut} left out: a text was in the offline comparator's training data)` : ''}; with a human direction: ${report.n}`,
          ...(report.unreadable ? [`${report.unreadable} pair(s) with a judge answer that stated no option: left out of every figure below, not counted as misses`] : []),
          ...(report.inTraining
            ? [`warning: ${report.inTraining} of ${report.nAll} pairs contain a text the offline comparator was fitted on; figures on them are in-sample (--unseen-only leaves them out; held-out figures: docs/probes/certainty.md)`]
            : []),
          `direction accuracy            ${report.n ? report.directionAccuracy.toFixed(3) : '–'}  (a "no clear difference" counts as a miss)`,
          ...(Number.isNaN(report.orderAccuracy) ? [] : [`order accuracy                ${report.orderAccuracy.toFixed(3)}  (sign of the comparator's score δ, whatever its tie band)`]),
          `accuracy where it decided     ${report.decided ? report.decidedAccuracy.toFixed(3) : '–'}  (n = ${report.decided})`,
          `ties recognised               ${report.nTies ? report.tieAccuracy.toFixed(3) : '–'}  (n = ${report.nTies})`,
          `Kendall τ_b                   ${Number.isNaN(report.tauB) ? '–' : `${report.tauB.toFixed(3)}  (p = ${report.tauBPValue.toExponential(2)})`}`,
          t.toString(),
          `card: ${describeCard(card)}${opts.saveCard ? ` — saved to ${opts.store}` : ''}`,
        ].join('\n') + '\n',
      );
    });
  deprecatedAlias(certainty, '--a-field <column>', '--field a=COLUMN', aliasToField('a'));
  deprecatedAlias(certainty, '--b-field <column>', '--field b=COLUMN', aliasToField('b'));
  deprecatedAlias(certainty, '--label-field <column>', '--field label=COLUMN', aliasToField('label'));
  deprecatedAlias(certainty, '--llm-judge <model>', '--judge MODEL', aliasTo('judge', '--judge'));
}

/** Feed the judge in batches so the progress bar moves and LLM judges can work in parallel. */
function batchedWithProgress<J extends { classify(texts: readonly string[]): Promise<(Framing | UnreadableAnswer)[]> }>(judge: J, size: number, tick: (n: number) => void): J {
  return Object.assign(Object.create(judge) as J, {
    async classify(texts: readonly string[]): Promise<(Framing | UnreadableAnswer)[]> {
      const out: (Framing | UnreadableAnswer)[] = [];
      for (let i = 0; i < texts.length; i += size) {
        const chunk = texts.slice(i, i + size);
        out.push(...(await judge.classify(chunk)));
        tick(chunk.length);
      }
      return out;
    },
  });
}

/** The judge's answers that stated no label: apart from the misses, with a few examples. */
function unreadableLines(u: FramingEvaluation['unreadable']): string[] {
  if (!u) return [];
  return [
    `${u.n} answer(s) stated no label: left out of every figure below, not counted as misses; e.g.`,
    ...u.examples.map((x) => `  ${JSON.stringify(x.answer.slice(0, 100))} (${x.reason})`),
  ];
}
