import { mkdirSync, writeFileSync } from 'node:fs';
import { redact } from '../../core/redact.js';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { InputError, UserError } from '../../core/errors.js';
import { readRecords } from '../../data/index.js';
import { createTable } from '../../report/table.js';
import { formatInterval, formatValue } from '../../report/format.js';
import { Store } from '../../runtime/store.js';
import { RequestCache } from '../../runtime/cache.js';
import { ModelContext } from '../../runtime/model-context.js';
import { installInterruptHandler } from '../../runtime/interrupt.js';
import { globalOptions } from '../main-options.js';
import { parsePositiveInt } from '../parse.js';
import { aliasTo, aliasToField, deprecatedAlias, fieldMap, fieldOption, inputFile, outputFormat } from '../flags.js';

interface TelephoneFlags {
  input?: string;
  model: string;
  judge?: string;
  turns: number;
  field: string[];
  task: string;
  intervention: string;
  decoding: string;
  limit?: number;
  output?: string;
  store: string;
}

/** `slant certainty telephone`: seed 004's broken-telephone study (Figure 4, Figure 29). */
function registerTelephone(certainty: Command): void {
  const telephone = certainty
    .command('telephone [input]')
    .description('rewrite each text up to T turns, each turn from the previous output, judging every turn against the original')
    .option('-i, --input <file>', 'the texts (instead of the positional INPUT)')
    .requiredOption('--model <id>', 'the model that rewrites')
    .option('--judge <id>', 'the judge: offline (the offline comparator, default) or a model id (pairwise LLM judge, Figure 24, both orders)')
    .option('--turns <n>', 'turns T', (v: string) => parsePositiveInt(v, '--turns'), 5)
    .addOption(fieldOption(['original']))
    .option('--task <task>', 'rewriting task (Figures 16–23)', 'spiced-paraphrase')
    .option('--intervention <name>', 'C.2 intervention: none, preserve-semantics, do-not-hallucinate, preserve-certainty', 'none')
    .option('--decoding <preset>', 'top-p (T = 1, p = 0.9) or greedy', 'top-p')
    .option('--limit <n>', 'at most n texts', (v: string) => parsePositiveInt(v, '--limit'))
    .option('-o, --output <file>', 'write per-turn metrics and per-item trajectories as JSON (.json)')
    .option('--store <file>', 'SQLite store holding the request cache', '.slant/slant.db')
    .action(async (positional: string | undefined, flags: TelephoneFlags, cmd: Command) => {
      const input = inputFile(positional, flags.input, 'slant certainty telephone texts.jsonl --model M');
      if (flags.output !== undefined) outputFormat(flags.output, { '.json': 'json' });
      const fields = fieldMap(flags.field, { original: 'original' }, 'original');
      const judgeId = flags.judge === 'offline' ? undefined : flags.judge;
      const { brokenTelephone } = await import('../../probes/certainty/broken-telephone.js');
      const { certaintyOptionsSchema } = await import('../../probes/certainty/schema.js');
      const opts = certaintyOptionsSchema.safeParse({ task: flags.task, intervention: flags.intervention, decoding: flags.decoding });
      if (!opts.success) throw new UserError(`invalid option: ${opts.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('; ')}`);
      const items: { id: string; original: string }[] = [];
      const reader = readRecords(input, { fields, required: ['original'], ...(flags.limit ? { limit: flags.limit } : {}) });
      for await (const r of reader) items.push({ id: r.id, original: String(r.fields.original) });
      if (items.length === 0) throw new UserError(`${input}: no texts`);
      const store = Store.open(flags.store);
      const interrupt = installInterruptHandler();
      try {
        const models = new ModelContext(new RequestCache(store));
        const { createModel } = await import('../../models/create-model.js');
        const model = models.wrap(await createModel(flags.model));
        let judge;
        if (judgeId) {
          const { LlmCertaintyJudge } = await import('../../judges/certainty/llm-judge.js');
          judge = new LlmCertaintyJudge(models.wrap(await createModel(judgeId)));
        } else {
          const { OfflineCertaintyComparator } = await import('../../judges/certainty/offline-comparator.js');
          judge = new OfflineCertaintyComparator();
        }
        const res = await brokenTelephone(model, judge, items, flags.turns, { task: opts.data.task, intervention: opts.data.intervention, decoding: opts.data.decoding, signal: interrupt.signal });
        if (flags.output) {
          mkdirSync(dirname(flags.output), { recursive: true });
          writeFileSync(flags.output, redact(JSON.stringify({ model: flags.model, judge: judgeId ?? 'offline', ...res }, null, 2)) + '\n');
          // Figure 4 beside the JSON
          const { presentTelephone } = await import('../../probes/certainty/present-telephone.js');
          const { figureSvg } = await import('../../report/charts/svg.js');
          const fig = presentTelephone(res, flags.model).figures[0];
          if (fig) writeFileSync(flags.output.replace(/\.json$/i, '') + '.figure4.svg', redact(await figureSvg(fig)));
        }
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify(res) + '\n');
          return;
        }
        const headline = `broken telephone: ${items.length} texts × ${flags.turns} turns, model ${flags.model}, judge ${judgeId ?? 'offline'}`;
        if (globalOptions(cmd).quiet) {
          process.stdout.write(`${headline}\n${flags.output ? `trajectories: ${flags.output}\n` : ''}`);
          return;
        }
        const names = ['cd', 'cd_up', 'cd_down', 'inconsistent_rate'];
        const t = createTable(['turn', ...names]);
        for (const turn of res.perTurn) {
          t.push([String(turn.turn), ...names.map((n) => {
            const m = turn.metrics.find((x) => x.name === n);
            return m ? `${formatValue(m.value, m.kind)} ${formatInterval(m)}` : '';
          })]);
        }
        process.stdout.write(`${headline}\n${t.toString()}\n${flags.output ? `trajectories: ${flags.output}\n` : ''}`);
      } finally {
        interrupt.dispose();
        store.close();
      }
    });
  deprecatedAlias(telephone, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
}

/** `slant certainty humans`: Section 3.2's validation of a judge against human labels. */
function registerHumans(certainty: Command): void {
  const humans = certainty
    .command('humans [input]')
    .description('agreement of annotators and judges on pairs: Kendall τ_b with the leave-one-out human consensus, pairwise consistency, Krippendorff α, Fleiss κ')
    .option('-i, --input <file>', 'the labels (instead of the positional INPUT)')
    .addOption(fieldOption(['item', 'annotator', 'label']))
    .option('--judge-annotators <name...>', 'annotator names that are judges (models), not humans')
    .action(async (positional: string | undefined, flags: { input?: string; field: string[]; judgeAnnotators?: string[] }, cmd: Command) => {
      const input = inputFile(positional, flags.input, 'slant certainty humans labels.csv');
      const fields = fieldMap(flags.field, { item: 'item', annotator: 'annotator', label: 'label' });
      const { humanValidation } = await import('../../probes/certainty/human-validation.js');
      const rows: { item: string; annotator: string; label: number }[] = [];
      const reader = readRecords(input, {
        fields,
        required: ['item', 'annotator'],
        optional: ['label'],
        deriveIds: true,
        idFrom: ['item', 'annotator'],
      });
      for await (const r of reader) {
        const raw = r.fields.label;
        const label = typeof raw === 'number' ? raw : Number(String(raw ?? '').trim() || NaN);
        if (!Number.isFinite(label)) throw new InputError({ ...r.location, field: fields.label }, `expected a number on the −2..2 scale, got ${JSON.stringify(raw ?? null)}`);
        rows.push({ item: String(r.fields.item), annotator: String(r.fields.annotator), label });
      }
      let res;
      try {
        res = humanValidation(rows, { judges: flags.judgeAnnotators ?? [] });
      } catch (err) {
        if (err instanceof RangeError) throw new UserError(`${input}: ${err.message}`);
        throw err;
      }
      if (globalOptions(cmd).json) {
        process.stdout.write(JSON.stringify(res) + '\n');
        return;
      }
      const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');
      if (globalOptions(cmd).quiet) {
        process.stdout.write(`${res.items} items, ${res.annotators.length} human annotators, ${res.judges.length} judge(s); human–human τ_b ${f(res.humanHuman.mean)}; Krippendorff α ordinal ${f(res.alphaOrdinal)}\n`);
        return;
      }
      const t = createTable(['who', 'τ_b with human consensus', 'n']);
      for (const a of res.annotators) t.push([a.annotator, a.tauB.toFixed(3), String(a.n)]);
      for (const j of res.judges) t.push([`${j.judge} (judge)`, j.tauB.toFixed(3), String(j.n)]);
      process.stdout.write(
        [
          `${res.items} items, ${res.annotators.length} human annotators, ${res.judges.length} judge(s)`,
          t.toString(),
          `human–human τ_b: mean ${f(res.humanHuman.mean)} (sd ${f(res.humanHuman.sd)}, ${res.humanHuman.n} pairs)`,
          ...Object.entries(res.humanJudge).map(([j, s]) => `human–${j} τ_b: mean ${f(s.mean)} (sd ${f(s.sd)}, ${s.n} pairs)`),
          `Krippendorff α: ordinal ${f(res.alphaOrdinal)}, interval ${f(res.alphaInterval)}`,
          `Fleiss κ: ${f(res.fleissKappa)} (${res.fleissItems} items, ${res.fleissRaters} raters each)`,
        ].join('\n') + '\n',
      );
    });
  deprecatedAlias(humans, '--item-field <column>', '--field item=COLUMN', aliasToField('item'));
  deprecatedAlias(humans, '--annotator-field <column>', '--field annotator=COLUMN', aliasToField('annotator'));
  deprecatedAlias(humans, '--label-field <column>', '--field label=COLUMN', aliasToField('label'));
  deprecatedAlias(humans, '--judge <name...>', '--judge-annotators NAME...', aliasTo('judgeAnnotators', '--judge-annotators'));
}

export function registerCertainty(program: Command): void {
  const certainty = program.command('certainty').description('certainty-distortion studies beyond `measure certainty` (seed 004)');
  registerTelephone(certainty);
  registerHumans(certainty);
}
