import { basename } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { DATA_FORMATS } from '../../config/formats.js';
import { readRecords } from '../../data/index.js';
import { embedderCard } from '../../judges/card-builders.js';
import { createEmbedder } from '../../judges/registry.js';
import { createProgress } from '../../runtime/progress.js';
import { aliasToField, deprecatedAlias, fieldMap, fieldOption } from '../flags.js';
import { globalOptions } from '../main-options.js';
import { parseFormat, parsePositiveInt } from '../parse.js';
import { progressStream } from '../terminal-guard.js';
import { printCard } from './print-card.js';

/** `slant validate embedder`: which third of a document a summary came from, by embedding similarity. */
export function registerValidateEmbedder(validate: Command): void {
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
      const format = parseFormat(opts.format, DATA_FORMATS);
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
