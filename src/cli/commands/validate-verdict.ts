import { basename } from 'node:path';
import type { Command } from 'commander';
import { InputError, UserError } from '../../core/errors.js';
import { DATA_FORMATS } from '../../config/formats.js';
import { readRecords } from '../../data/index.js';
import { verdictCard } from '../../judges/card-builders.js';
import { aliasToField, deprecatedAlias, fieldMap, fieldOption } from '../flags.js';
import { globalOptions } from '../main-options.js';
import { parseFormat, parsePositiveInt } from '../parse.js';
import { printCard } from './print-card.js';

const TRUE_WORDS = new Set(['true', '1', 'yes', 't', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'f', 'n']);

/** `slant validate verdict`: the fact-check verdict parser against answers a person read. */
export function registerValidateVerdict(validate: Command): void {
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
      const format = parseFormat(opts.format, DATA_FORMATS);
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
}
