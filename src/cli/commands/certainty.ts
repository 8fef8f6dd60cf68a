import { basename, resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError, UserError } from '../../core/errors.js';
import { readRecords } from '../../data/index.js';
import { writeJsonl } from '../../data/write-jsonl.js';
import { createTable } from '../../report/table.js';
import { openRunStore } from '../../runtime/open-store.js';
import { RequestCache } from '../../runtime/cache.js';
import { ModelContext } from '../../runtime/model-context.js';
import { installInterruptHandler } from '../../runtime/interrupt.js';
import type { LanguageModel } from '../../models/types.js';
import { globalOptions } from '../main-options.js';
import { parseNonNegative, parseNonNegativeInt, parsePositiveInt } from '../parse.js';
import { aliasTo, aliasToField, deprecatedAlias, fieldMap, fieldOption, inputFile, outputFormat } from '../flags.js';
import { refuseOutputOverInput } from '../output-over-input.js';

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
  reports: string;
}

/**
 * `slant certainty telephone`: seed 004's broken-telephone study (Figure 4, Figure 29), run as a
 * stored run like any other: the certainty probe with the `broken-telephone` condition beside the
 * baseline (one plain rewrite per text; with the default decoding it is turn 1's own request,
 * served once by the cache), so it has a run id, results.json and report.html with Figure 4's
 * data (the telephone table: CD, CD↑, CD↓ by turn), and `slant run --resume` continues it.
 */
function registerTelephone(certainty: Command): void {
  const telephone = certainty
    .command('telephone [input]')
    .description('rewrite each text up to T turns, each turn from the previous output, judging every turn against the original (a stored run: slant run --resume continues it)')
    .option('-i, --input <file>', 'the texts (instead of the positional INPUT)')
    .requiredOption('--model <id>', 'the model that rewrites')
    .option('--judge <id>', 'the judge: offline (the offline comparator, default) or a model id (pairwise LLM judge, Figure 24, both orders)')
    .option('--turns <n>', 'turns T', (v: string) => parsePositiveInt(v, '--turns'), 5)
    .addOption(fieldOption(['original']))
    .option('--task <task>', 'rewriting task (Figures 16–23)', 'spiced-paraphrase')
    .option('--intervention <name>', 'C.2 intervention in every turn: none, preserve-semantics, do-not-hallucinate, preserve-certainty', 'none')
    .option('--decoding <preset>', 'top-p (T = 1, p = 0.9) or greedy', 'top-p')
    .option('--limit <n>', 'at most n texts', (v: string) => parsePositiveInt(v, '--limit'))
    .option('-o, --output <file>', 'also write the results here: .json (results JSON), .jsonl or .csv (one metric per line)')
    .option('--store <file>', 'SQLite store (the run and the request cache)', '.slant/slant.db')
    .option('--reports <dir>', 'reports folder', '.slant/reports')
    .action(async (positional: string | undefined, flags: TelephoneFlags, cmd: Command) => {
      const input = inputFile(positional, flags.input, 'slant certainty telephone texts.jsonl --model M');
      const { resultsOutputFormat } = await import('../results-output.js');
      if (flags.output !== undefined) resultsOutputFormat(flags.output);
      const fields = fieldMap(flags.field, { original: 'original' }, 'original');
      const judgeId = flags.judge === undefined || flags.judge === 'offline' ? undefined : flags.judge;
      const { certaintyOptionsSchema } = await import('../../probes/certainty/schema.js');
      const probe = certaintyOptionsSchema.safeParse({ task: flags.task, comparator: judgeId ? 'llm' : 'offline' });
      if (!probe.success) throw new UserError(`invalid option: ${probe.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('; ')}`);
      const { getMitigation } = await import('../../mitigations/registry.js');
      const telephoneOptions = { turns: flags.turns, ...(flags.intervention !== 'none' ? { intervention: flags.intervention } : {}), ...(flags.decoding !== 'top-p' ? { decoding: flags.decoding } : {}) };
      const checked = getMitigation('broken-telephone').optionsSchema.safeParse(telephoneOptions);
      if (!checked.success) throw new UserError(`invalid option: ${checked.error.issues.map((i) => `--${String(i.path[0])}: ${i.message}`).join('; ')}`);
      const { parseConfig } = await import('../../config/load.js');
      const config = parseConfig(
        {
          store: resolve(flags.store),
          reports: resolve(flags.reports),
          models: [{ id: flags.model }],
          datasets: [{ name: basename(input).replace(/\.[^.]+$/, '') || 'texts', path: resolve(input), fields, ...(flags.limit ? { limit: flags.limit } : {}) }],
          probes: [{ name: 'certainty', options: { task: flags.task, comparator: judgeId ? 'llm' : 'offline' } }],
          ...(judgeId ? { judges: { llm: judgeId } } : {}),
          mitigations: [{ id: 'broken-telephone', options: telephoneOptions, label: `broken-telephone (${flags.turns} turns)` }],
        },
        'certainty telephone',
      );
      const { runSpec } = await import('../run-spec.js');
      await runSpec({ kind: 'run', baseDir: process.cwd(), config }, 'certainty telephone', cmd);
    });
  deprecatedAlias(telephone, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
}

interface RankFlags {
  input?: string;
  field: string[];
  judge?: string;
  k1?: number;
  k2: number;
  window?: number;
  votes: number;
  temperature: number;
  seed: number;
  prior?: number;
  resamples: number;
  limit?: number;
  output?: string;
  store: string;
}

/** `slant certainty rank`: App. D.2's source-certainty ranking of a file, with strata and intervals. */
function registerRank(certainty: Command): void {
  const rank = certainty
    .command('rank [input]')
    .description('rank texts by certainty (pairwise judge, two-pass sampling, Rao–Kupper fit) into 25/50/25 strata, with bootstrap intervals')
    .option('-i, --input <file>', 'the texts (instead of the positional INPUT)')
    .addOption(fieldOption(['original']))
    .option('--judge <id>', 'pairwise LLM judge (Figure 24); default: the offline comparator')
    .option('--k1 <n>', 'pass-1 random partners per text (default ⌈ln N⌉; paper: 25 SPICED, 10 MIMIC)', (v: string) => parsePositiveInt(v, '--k1'))
    .option('--k2 <n>', 'pass-2 partners from the rank window (0 skips pass 2)', (v: string) => parseNonNegativeInt(v, '--k2'), 5)
    .option('--window <n>', 'pass-2 half window in ranks (default 2·k2)', (v: string) => parsePositiveInt(v, '--window'))
    .option('--votes <n>', 'pass-2 judgements per order', (v: string) => parsePositiveInt(v, '--votes'), 3)
    .option('--temperature <t>', 'judge temperature', (v: string) => parseNonNegative(v, '--temperature'), 0.7)
    .option('--seed <n>', 'sampling seed', (v: string) => parseNonNegativeInt(v, '--seed'), 42)
    .option('--prior <p>', 'virtual ties per compared pair in the fit', (v: string) => parseNonNegative(v, '--prior'))
    .option('--resamples <n>', 'bootstrap resamples for the intervals (0: none)', (v: string) => parseNonNegativeInt(v, '--resamples'), 100)
    .option('--limit <n>', 'at most n texts', (v: string) => parsePositiveInt(v, '--limit'))
    .option('-o, --output <file>', 'write JSONL (.jsonl): id, original, sourceCertainty (λ), stratum, rank and intervals (input for `slant measure certainty`)')
    .option('--store <file>', 'SQLite store holding the request cache', '.slant/slant.db')
    .action(async (positional: string | undefined, flags: RankFlags, cmd: Command) => {
      const input = inputFile(positional, flags.input, 'slant certainty rank texts.jsonl');
      if (flags.output !== undefined) {
        outputFormat(flags.output, { '.jsonl': 'jsonl' });
        refuseOutputOverInput(flags.output, [{ path: input, what: 'input' }, { path: flags.store, what: 'store' }]);
      }
      const fields = fieldMap(flags.field, { original: 'original' }, 'original');
      const { temperature, prior } = flags;
      const items: { id: string; text: string }[] = [];
      const reader = readRecords(input, { fields, required: ['original'], ...(flags.limit ? { limit: flags.limit } : {}) });
      for await (const r of reader) items.push({ id: r.id, text: String(r.fields.original) });
      if (items.length < 2) throw new UserError(`${input}: need at least 2 texts to rank, found ${items.length}`);
      const { rankSourceCertainty } = await import('../../probes/certainty/ranking.js');
      const { rankingIntervals } = await import('../../probes/certainty/ranking-intervals.js');
      const { assignStrata, strataTieWarning } = await import('../../probes/certainty/strata.js');
      await withCachedModels(flags.store, async (make, signal) => {
        let judge;
        if (flags.judge) {
          const { LlmCertaintyJudge } = await import('../../judges/certainty/llm-judge.js');
          judge = new LlmCertaintyJudge(await make(flags.judge));
        } else {
          const { OfflineCertaintyComparator } = await import('../../judges/certainty/offline-comparator.js');
          judge = new OfflineCertaintyComparator();
        }
        const res = await rankSourceCertainty(items, judge, {
          ...(flags.k1 !== undefined ? { k1: flags.k1 } : {}),
          k2: flags.k2,
          ...(flags.window !== undefined ? { window: flags.window } : {}),
          votes: flags.votes,
          temperature,
          seed: flags.seed,
          ...(prior !== undefined ? { prior } : {}),
          signal,
        });
        if (signal.aborted) throw new UserError('interrupted: nothing written (the judge\'s answers so far are cached; run again to continue)');
        const rows = rankingIntervals(res, { resamples: flags.resamples, seed: flags.seed, ...(prior !== undefined ? { prior } : {}) });
        const strata = assignStrata(rows.map((r) => r.lambda));
        const tied = strataTieWarning(rows.map((r) => r.lambda), 'texts');
        const text = new Map(items.map((i) => [i.id, i.text]));
        const out = rows.map((r, k) => ({ ...r, stratum: strata[k]!, original: text.get(r.id) ?? '', sourceCertainty: r.lambda }));
        const unranked = items.filter((i) => !rows.some((r) => r.id === i.id)).map((i) => i.id);
        const graph = { items: items.length, ranked: rows.length, unranked, pass1Pairs: res.pass1Pairs, pass2Pairs: res.pass2Pairs, judgements: res.judgements, invalid: res.invalid, components: res.fit.components.length, converged: res.fit.converged, theta: res.fit.theta, ...(tied ? { strataWarning: tied } : {}) };
        if (flags.output) {
          await writeJsonl(flags.output, out);
        }
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify({ ...graph, ranking: out }) + '\n');
          return;
        }
        // the same ranking table as the report's (src/probes/certainty/present-ranking.ts)
        const { presentRanking } = await import('../../probes/certainty/present-ranking.js');
        const { renderPresentedTable } = await import('../../report/terminal-tables.js');
        const table = renderPresentedTable(presentRanking(out).tables[0]!, { title: '' });
        const warn =
          (tied ? `\nwarning: strata: ${tied}\n` : '') +
          (graph.components > 1
            ? `\nwarning: the comparison graph has ${graph.components} disconnected components: the order (and the strata) across them is arbitrary; raise --k1\n`
            : !graph.converged
              ? '\nwarning: the Rao–Kupper fit did not converge (a text never won or never lost): set --prior, or raise --k1/--k2\n'
              : '');
        process.stdout.write(
          `${items.length} texts, ${graph.pass1Pairs} + ${graph.pass2Pairs} pairs, ${graph.judgements} judgements (${graph.invalid} unreadable), judge ${flags.judge ?? 'offline'}, θ = ${graph.theta.toFixed(3)}\n${table}\n${unranked.length ? `not ranked (no readable judgement): ${unranked.join(', ')}\n` : ''}${warn}${flags.output ? `written: ${flags.output}\n` : ''}`,
        );
      });
    });
  deprecatedAlias(rank, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
}

/** Run `fn` with models wrapped in the store's request cache and an interrupt signal; closes both. */
async function withCachedModels(storePath: string, fn: (make: (id: string) => Promise<LanguageModel>, signal: AbortSignal) => Promise<void>): Promise<void> {
  const store = await openRunStore(storePath);
  const interrupt = installInterruptHandler();
  try {
    const models = new ModelContext(new RequestCache(store));
    const { createModel } = await import('../../models/create-model.js');
    await fn(async (id) => models.wrap(await createModel(id)), interrupt.signal);
  } finally {
    interrupt.dispose();
    await store.close();
  }
}

/** `slant certainty synth-docs` and `validate-docs`: seed 004 Limitations' synthetic check of the document-level judge. */
function registerSyntheticDocs(certainty: Command): void {
  const synth = certainty
    .command('synth-docs [input]')
    .description('build the synthetic document-level set: one sentence per document, 5 variants (clearly/slightly more, paraphrase, slightly/clearly less confident)')
    .option('-i, --input <file>', 'the documents (instead of the positional INPUT)')
    .requiredOption('--model <id>', 'the model that writes the variants')
    .option('-o, --output <file>', 'JSONL (.jsonl) of pairs: original (document), rewrite (variant), variant, expected (required)')
    .addOption(fieldOption(['source']))
    .option('--n <n>', 'documents (paper: 20)', (v: string) => parsePositiveInt(v, '--n'), 20)
    .option('--seed <n>', 'sentence sampling seed', (v: string) => parseNonNegativeInt(v, '--seed'), 42)
    .option('--store <file>', 'SQLite store holding the request cache', '.slant/slant.db')
    .action(async (positional: string | undefined, flags: { input?: string; model: string; output?: string; field: string[]; n: number; seed: number; store: string }) => {
      const input = inputFile(positional, flags.input, 'slant certainty synth-docs abstracts.jsonl --model M -o set.jsonl');
      const output = flags.output;
      if (output === undefined) throw new UserError('certainty synth-docs needs -o/--output FILE.jsonl');
      outputFormat(output, { '.jsonl': 'jsonl' });
      refuseOutputOverInput(output, [{ path: input, what: 'input' }, { path: flags.store, what: 'store' }]);
      const fields = fieldMap(flags.field, { source: 'source' }, 'source');
      const docs: { id: string; text: string }[] = [];
      for await (const r of readRecords(input, { fields, required: ['source'], limit: flags.n })) docs.push({ id: r.id, text: String(r.fields.source) });
      if (docs.length === 0) throw new UserError(`${input}: no documents`);
      const { buildSyntheticDocs } = await import('../../judges/certainty/synthetic-docs.js');
      await withCachedModels(flags.store, async (make, signal) => {
        const pairs = await buildSyntheticDocs(docs, await make(flags.model), { seed: flags.seed, signal });
        if (signal.aborted) throw new UserError('interrupted: nothing written (answers so far are cached; run again to continue)');
        await writeJsonl(output, pairs);
        process.stdout.write(`${docs.length} documents × 5 variants = ${pairs.length} pairs: ${output}\n`);
      });
    });
  deprecatedAlias(synth, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
  certainty
    .command('validate-docs [set]')
    .description('run the document-level judge (slant-claim-align-v1 + Figure 24) on a synth-docs set; per variant, how often it points the expected way')
    .option('-i, --input <file>', 'the synth-docs set (instead of the positional SET)')
    .requiredOption('--judge <id>', 'the LLM judge (aligns the claims and compares them)')
    .option('--store <file>', 'SQLite store holding the request cache', '.slant/slant.db')
    .action(async (positional: string | undefined, flags: { input?: string; judge: string; store: string }, cmd: Command) => {
      const set = inputFile(positional, flags.input, 'slant certainty validate-docs set.jsonl --judge M');
      const pairs: import('../../judges/certainty/synthetic-docs.js').SyntheticPair[] = [];
      for await (const r of readRecords(set, { required: ['original', 'rewrite', 'variant'], optional: ['expected', 'sentence'] })) {
        const expected = Number(r.fields.expected);
        if (!Number.isInteger(expected) || Math.abs(expected) > 2) throw new InputError({ ...r.location, field: 'expected' }, `expected an integer −2..2, got ${JSON.stringify(r.fields.expected ?? null)}`);
        pairs.push({ id: r.id, original: String(r.fields.original), rewrite: String(r.fields.rewrite), sentence: String(r.fields.sentence ?? ''), variant: String(r.fields.variant) as never, expected });
      }
      const { validateDocumentJudge } = await import('../../judges/certainty/synthetic-docs.js');
      const { DocumentCertaintyComparator } = await import('../../judges/certainty/document-judge.js');
      const { LlmCertaintyJudge } = await import('../../judges/certainty/llm-judge.js');
      await withCachedModels(flags.store, async (make, signal) => {
        const judge = await make(flags.judge);
        const res = await validateDocumentJudge(pairs, new DocumentCertaintyComparator(judge, new LlmCertaintyJudge(judge)), { signal });
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify(res) + '\n');
          return;
        }
        const t = createTable(['variant', 'n', 'expected direction', 'exact', 'dropped', 'inconsistent', 'invalid']);
        const pct = (k: number, n: number): string => (n === 0 ? '— (n = 0)' : `${((100 * k) / n).toFixed(1)}% (${k}/${n})`);
        for (const r of res.perVariant) t.push([r.variant, String(r.n), pct(r.direction, r.n), pct(r.exact, r.n), String(r.dropped), String(r.inconsistent), String(r.invalid)]);
        process.stdout.write(`${pairs.length} pairs, judge ${flags.judge} (slant-claim-align-v1 + Figure 24)\n${t.toString()}\n`);
      });
    });
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
  registerRank(certainty);
  registerSyntheticDocs(certainty);
  registerHumans(certainty);
}
