import { basename } from 'node:path';
import type { Command } from 'commander';
import { InputError, UserError } from '../../core/errors.js';
import { dataFormatSchema } from '../../config/schema.js';
import { readRecords } from '../../data/index.js';
import { describeCard, type JudgeCard } from '../../judges/card.js';
import { embedderCard, verdictCard } from '../../judges/card-builders.js';
import { createEmbedder } from '../../judges/registry.js';
import { createTable } from '../../report/table.js';
import { createProgress } from '../../runtime/progress.js';
import { aliasToField, deprecatedAlias, fieldMap, fieldOption } from '../flags.js';
import { globalOptions } from '../main-options.js';
import { parseFormat, parsePositiveInt } from '../parse.js';
import { progressStream } from '../terminal-guard.js';

const TRUE_WORDS = new Set(['true', '1', 'yes', 't', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'f', 'n']);

function printCard(card: JudgeCard, head: string[], out: { json: boolean; quiet: boolean }, extra: Record<string, unknown> = {}): void {
  const f = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
  if (out.json) {
    process.stdout.write(JSON.stringify({ ...extra, card }) + '\n');
    return;
  }
  if (out.quiet) {
    // -q: the one accuracy line, as `validate framing` and `validate certainty` print it
    process.stdout.write(`accuracy ${f(card.accuracy)}, balanced accuracy ${f(card.balancedAccuracy)} (n = ${card.n})\n`);
    return;
  }
  const t = createTable(['truth \\ judged', ...card.labels]);
  card.labels.forEach((l, i) => t.push([l, ...(card.confusion[i] ?? []).map(String)]));
  process.stdout.write([...head, `n = ${card.n}`, `accuracy          ${f(card.accuracy)}`, `balanced accuracy ${f(card.balancedAccuracy)}`, t.toString(), `card: ${describeCard(card)}`].join('\n') + '\n');
}

/** `slant validate verdict` and `slant validate embedder`. */
export function registerValidateMore(validate: Command): void {
  const verdict = validate
    .command('verdict')
    .description('the fact-check verdict parser against answers whose verdict a person read (label true/false)')
    .option('-i, --input <file>', 'CSV, TSV, JSONL, Parquet or JSON file')
    .addOption(fieldOption(['answer', 'label']).default([], 'answer=answer, label=label'))
    .option('--format <format>', 'input format (default: from the extension)')
    .option('--limit <n>', 'use at most n records', (v: string) => parsePositiveInt(v, '--limit'))
    .action(async (opts: { input?: string; field: string[]; format?: string; limit?: number }, cmd: Command) => {
      const global = globalOptions(cmd);
      if (!opts.input) throw new UserError('validate verdict needs --input FILE');
      // answer: the model answer; label: the verdict a person read, true/false (also 1/0, yes/no)
      const fields = fieldMap(opts.field, { answer: 'answer', label: 'label' });
      const format = parseFormat(opts.format, dataFormatSchema);
      const reader = readRecords(opts.input, { ...(format ? { format } : {}), fields, required: ['answer'], optional: ['label'], limit: opts.limit, deriveIds: true, duplicates: 'skip' });
      const items: { answer: string; label: boolean }[] = [];
      for await (const r of reader) {
        const raw = (typeof r.fields.label === 'boolean' || typeof r.fields.label === 'number' ? String(Number(r.fields.label)) : String(r.fields.label ?? '')).trim().toLowerCase();
        if (!TRUE_WORDS.has(raw) && !FALSE_WORDS.has(raw)) throw new InputError({ ...r.location, field: fields.label }, `expected true or false, got ${JSON.stringify(r.fields.label ?? null)}`);
        items.push({ answer: String(r.fields.answer ?? ''), label: TRUE_WORDS.has(raw) });
      }
      if (items.length === 0) throw new UserError(`${opts.input}: no usable records`);
      const { validateVerdictParser } = await import('../../judges/verdict/validate.js');
      const v = validateVerdictParser(items);
      const card = verdictCard(v, { judge: 'verdict-parser', version: '1', data: `${opts.input} (${v.n} answers)`, heldOut: true, summary: basename(opts.input), command: `slant validate verdict --input ${opts.input}` });
      printCard(card, [`verdict parser on ${opts.input}${reader.stats.skipped ? ` (${reader.stats.skipped} repeated answers counted once)` : ''}`, `unparseable: ${card.figures?.unparseable ?? 0}${Object.keys(v.unparseable).length ? ` (${Object.entries(v.unparseable).map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}; counted as misses`], global, { unparseable: v.unparseable });
    });
  deprecatedAlias(verdict, '--answer-field <column>', '--field answer=COLUMN', aliasToField('answer'));
  deprecatedAlias(verdict, '--label-field <column>', '--field label=COLUMN', aliasToField('label'));

  const embedderCmd = validate
    .command('embedder')
    .description('s_b/s_m/s_e ordering of an embedder on documents with known coverage (sentences taken out of one third as the summary)')
    .option('-i, --input <file>', 'CSV, TSV, JSONL, Parquet or JSON file of documents')
    .addOption(fieldOption(['text']).default([], 'text=text'))
    .option('--format <format>', 'input format (default: from the extension)')
    .option('--embedder <embedder>', 'tfidf, use (Universal Sentence Encoder lite) or an embedding model id', 'tfidf')
    .option('--limit <n>', 'use at most n documents', (v: string) => parsePositiveInt(v, '--limit'))
    .option('--seed <n>', 'seed of the sentence draw', (v: string) => parsePositiveInt(v, '--seed'), 7)
    .option('--skip-invalid', 'skip records with an empty text (reports how many)')
    .action(async (opts: { input?: string; field: string[]; format?: string; embedder: string; limit?: number; seed: number; skipInvalid?: boolean }, cmd: Command) => {
      const global = globalOptions(cmd);
      if (!opts.input) throw new UserError('validate embedder needs --input FILE');
      const format = parseFormat(opts.format, dataFormatSchema);
      const reader = readRecords(opts.input, { ...(format ? { format } : {}), fields: fieldMap(opts.field, { text: 'text' }), required: ['text'], skipInvalid: opts.skipInvalid ?? false, limit: opts.limit, deriveIds: true, duplicates: 'skip' });
      const docs: string[] = [];
      for await (const r of reader) docs.push(String(r.fields.text));
      if (docs.length === 0) throw new UserError(`${opts.input}: no usable records`);
      const embedder = await createEmbedder(opts.embedder);
      const { validateEmbedderOrdering } = await import('../../judges/embedders/validate.js');
      const progress = createProgress({ total: docs.length, label: 'documents', stream: progressStream(), enabled: !global.json && !global.quiet });
      const v = await validateEmbedderOrdering({ embedder, documents: docs, seed: opts.seed, onDocument: () => progress.tick(1) });
      progress.done();
      if (v.documents === 0) throw new UserError(`${opts.input}: no document has the 9 sentences the test needs (${v.tooShort} too short)`);
      const card = embedderCard(v, {
        judge: embedder.id,
        version: embedder.version,
        data: `${opts.input} (${v.documents} documents of ≥ 9 sentences${v.tooShort ? `, ${v.tooShort} shorter left out` : ''}; one summary per third, seed ${opts.seed})`,
        heldOut: true,
        summary: `thirds of ${basename(opts.input)}`,
        command: `slant validate embedder --embedder ${opts.embedder} --input ${opts.input}`,
      });
      printCard(card, [`embedder ${embedder.id}@${embedder.version} on ${opts.input}: which third did the summary come from?`, `documents: ${v.documents}${v.tooShort ? ` (${v.tooShort} with fewer than 9 sentences left out)` : ''}${reader.stats.skipped ? `; ${reader.stats.skipped} records skipped` : ''}; ${v.textsPerSecond.toFixed(1)} texts/s`], global);
    });
  deprecatedAlias(embedderCmd, '--text-field <column>', '--field text=COLUMN', aliasToField('text'));
}
