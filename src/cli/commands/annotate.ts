import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { probeManifest, registeredProbeNames } from '../../probes/manifests.js';
import { createTable } from '../../report/table.js';
import { openRunStore } from '../../runtime/open-store.js';
import { writeFileAtomic } from '../../runtime/write-atomic.js';
import { aliasTo, deprecatedAlias, fieldMap, fieldOption, outputFormat } from '../flags.js';
import { refuseOutputOverInput } from '../output-over-input.js';
import { globalOptions } from '../main-options.js';
import { collect, parseNonNegative, parsePositiveInt } from '../parse.js';
import { STORE_FLAG_HELP } from '../store-flag.js';
import { parseStoredSpec } from '../stored-spec.js';
import { WORKSPACE_CONFIG } from '../workspace-config.js';

function nonNegativeInt(v: string, flag: string): number {
  const n = parseNonNegative(v, flag);
  if (!Number.isInteger(n)) throw new UserError(`${flag} expects a whole number ≥ 0, got "${v}"`);
  return n;
}

interface StoreFlag {
  store: string;
}
interface QualityFlags {
  filters: boolean;
  maxAttentionFailures?: number;
  maxOffscreenShare?: number;
  fastMs?: number;
  uniformShare?: number;
  minGoldAccuracy?: number;
}

function addQualityOptions(c: Command): Command {
  return c
    .option('--max-attention-failures <n>', 'exclude annotators failing more attention checks than this (default 0)', (v: string) => nonNegativeInt(v, '--max-attention-failures'))
    .option('--max-offscreen-share <x>', 'exclude annotators off-screen for more than this share of their time on items (default 0.5)', (v: string) => parseNonNegative(v, '--max-offscreen-share'))
    .option('--fast-ms <ms>', 'fast uniform responses: median time per item below this (default 2000) ...', (v: string) => parseNonNegative(v, '--fast-ms'))
    .option('--uniform-share <x>', '... with at least this share of answers on one option (default 0.8)', (v: string) => parseNonNegative(v, '--uniform-share'))
    .option('--min-gold-accuracy <x>', 'exclude annotators with a smaller share of gold items right (default: off; seed 004 screened at 4 of 5)', (v: string) => parseNonNegative(v, '--min-gold-accuracy'))
    .option('--no-filters', 'keep every annotator (no quality filters)');
}

async function qualityOptions(f: QualityFlags) {
  const { DEFAULT_QUALITY, NO_FILTERS } = await import('../../annotate/quality.js');
  if (!f.filters) return NO_FILTERS;
  return {
    maxAttentionFailures: f.maxAttentionFailures ?? DEFAULT_QUALITY.maxAttentionFailures,
    maxOffscreenShare: f.maxOffscreenShare ?? DEFAULT_QUALITY.maxOffscreenShare,
    fastMs: f.fastMs ?? DEFAULT_QUALITY.fastMs,
    uniformShare: f.uniformShare ?? DEFAULT_QUALITY.uniformShare,
    minGoldAccuracy: f.minGoldAccuracy ?? null,
  };
}

function linkLines(base: string, tokens: { annotator: string; token: string }[]): string[] {
  return tokens.map((t) => `${t.annotator}\t${base}/a/${t.token}`);
}

function writeLinks(file: string, base: string, tokens: { annotator: string; token: string }[]): void {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  writeFileSync(file, `annotator\tlink\n${linkLines(base, tokens).join('\n')}\n`, { mode: 0o600 });
}

/** The fields the built-in study kinds show (the `--field` help; a plugin kind's are checked when it is used). */
function studyKindFields(): string[] {
  return registeredProbeNames().flatMap((name) => probeManifest(name)?.annotation?.fields ?? []);
}

/**
 * `--kind` names a probe with human labelling. One this process does not know yet may be a plugin
 * probe's: ./slant.yaml's plugins are loaded then, as the reading commands load them.
 */
async function knowStudyKind(kind: string): Promise<void> {
  const { isStudyKind, studyKinds } = await import('../../annotate/scale.js');
  if (!isStudyKind(kind) && existsSync(WORKSPACE_CONFIG)) {
    const { loadConfigWithPlugins } = await import('../../config/load.js');
    await loadConfigWithPlugins(WORKSPACE_CONFIG);
  }
  if (!isStudyKind(kind)) throw new UserError(`--kind must be a probe that brings human labelling (${studyKinds().join(', ')}), got "${kind}"`);
}

interface CreateFlags extends StoreFlag {
  kind: string;
  input?: string;
  run?: string;
  field: string[];
  judgeColumns?: string[];
  gold?: string;
  target?: 'source' | 'output' | 'both';
  k: number;
  annotators?: number;
  names?: string;
  perAnnotator?: number;
  attention: number;
  seed: number;
  limit?: number;
  id?: string;
  linksFile?: string;
  baseUrl: string;
}

function registerCreate(annotate: Command): void {
  const create = annotate
    .command('create')
    .description('create a study: items from a file or a run, k annotators per item (balanced), attention checks mixed in')
    .requiredOption('--kind <kind>', 'a probe that brings human labelling: certainty (pairwise, seed 004), framing (positive/negative/neutral, seed 000), wildframe (positive/negative), or a plugin probe\'s')
    .option('-i, --input <file>', 'items from a file (the kind\'s fields: certainty original, rewrite; framing / wildframe text)')
    .option('--run <id>', 'items from a run in the store: its outputs and its judges\' answers')
    .addOption(fieldOption([...new Set([...studyKindFields(), 'model', 'target'])]))
    .option('--judge-columns <column...>', 'columns holding judges\' answers (certainty: −2..2, positive = rewrite more certain; framing: a label)')
    .option('--gold <column>', 'column with a gold answer: those items go to every annotator and are scored, not analysed')
    .option('--target <which>', 'framing from a run: annotate source, output or both', 'output')
    .option('--k <n>', 'annotators per item', (v: string) => parsePositiveInt(v, '--k'), 5)
    .option('--annotators <n>', 'number of annotators', (v: string) => parsePositiveInt(v, '--annotators'))
    .option('--names <list>', 'annotator names, comma-separated (instead of --annotators)')
    .option('--per-annotator <m>', 'items per annotator: the number of annotators becomes ⌈items × k / m⌉', (v: string) => parsePositiveInt(v, '--per-annotator'))
    .option('--attention <n>', 'attention-check items shown to every annotator', (v: string) => nonNegativeInt(v, '--attention'), 1)
    .option('--seed <n>', 'seed of the assignment and the A/B order', (v: string) => nonNegativeInt(v, '--seed'), 42)
    .option('--limit <n>', 'at most n items', (v: string) => parsePositiveInt(v, '--limit'))
    .option('--id <id>', 'study id (default: generated)')
    .option('--links-file <file>', 'also write the annotator links to this file (mode 600)')
    .option('--base-url <url>', 'prefix of the printed links (the address `serve` prints)', 'http://127.0.0.1:<port>')
    .option('--store <file>', STORE_FLAG_HELP, '.slant/slant.db')
    .action(async (f: CreateFlags, cmd: Command) => {
      if ((f.input === undefined) === (f.run === undefined)) throw new UserError('give either --input <file> or --run <id>');
      if (!['source', 'output', 'both'].includes(f.target ?? 'output')) throw new UserError(`--target must be source, output or both, got "${f.target}"`);
      const { createStudy } = await import('../../annotate/study-store.js');
      const { itemsFromFile, itemsFromRun } = await import('../../annotate/sources.js');
      const { kindText } = await import('../../annotate/scale.js');
      const store = await openRunStore(f.store);
      try {
        let items;
        let source: unknown;
        if (f.input !== undefined) {
          await knowStudyKind(f.kind);
          // canonical fields: the kind's texts, model, target, and each judge or gold column by its name
          const judges = f.judgeColumns ?? [];
          const canonical = [...kindText(f.kind).fields, 'model', 'target', ...judges, ...(f.gold ? [f.gold] : [])];
          const fields = fieldMap(f.field, Object.fromEntries(canonical.map((c) => [c, c])));
          items = await itemsFromFile(f.input, f.kind, { fields, judges, ...(f.gold ? { gold: f.gold } : {}), ...(f.limit ? { limit: f.limit } : {}) });
          source = { file: resolve(f.input) };
        } else {
          const runId = f.run!;
          const run = await store.getRun(runId);
          if (!run) throw new UserError(`no run "${runId}" in ${f.store}`, { hint: 'list runs with `slant runs`' });
          // the run's plugins load first: a plugin probe's study kind is known then
          const spec = await parseStoredSpec(run.configJson, runId);
          if (!spec.success) throw new UserError(`run ${runId} was stored by an incompatible slant version`);
          await knowStudyKind(f.kind);
          items = await itemsFromRun(store, runId, spec.data, f.kind, { target: f.target ?? 'output', ...(f.limit ? { limit: f.limit } : {}) });
          source = { run: runId, target: f.kind === 'framing' ? f.target : undefined };
        }
        const tasks = items.filter((i) => i.role === 'task').length;
        let annotators: number | string[];
        if (f.names) annotators = f.names.split(',').map((s) => s.trim()).filter(Boolean);
        else if (f.annotators) annotators = f.annotators;
        else if (f.perAnnotator) annotators = Math.max(f.k, Math.ceil((tasks * f.k) / f.perAnnotator));
        else throw new UserError('say how many annotators: --annotators <n>, --names a,b,c or --per-annotator <m>');
        const { study, tokens } = await createStudy(store, { kind: f.kind, items, annotators, k: f.k, attention: f.attention, seed: f.seed, source, ...(f.id ? { id: f.id } : {}) });
        if (f.linksFile) writeLinks(f.linksFile, f.baseUrl, tokens);
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify({ study: study.id, kind: study.kind, items: tasks, gold: items.length - tasks, attention: study.settings.attention, k: study.k, annotators: tokens }) + '\n');
          return;
        }
        const perAnn = Math.ceil((tasks * f.k) / tokens.length);
        process.stdout.write(
          [
            `study ${study.id}: ${study.kind}, ${tasks} items × ${f.k} annotators each, ${tokens.length} annotators (~${perAnn} items each, plus ${items.length - tasks} gold and ${study.settings.attention} attention item(s))`,
            'links (shown once; the store keeps only a hash of each token — `slant annotate links` issues new ones):',
            ...linkLines(f.baseUrl, tokens),
            `next: slant annotate serve --study ${study.id}`,
          ].join('\n') + '\n',
        );
      } finally {
        await store.close();
      }
    });
  deprecatedAlias(create, '--judge <column...>', '--judge-columns COLUMN...', aliasTo('judgeColumns', '--judge-columns'));
}

function registerLinks(annotate: Command): void {
  annotate
    .command('links')
    .description('issue new links (tokens) for annotators of a study; their old links stop working, their answers stay')
    .option('--study <id>', 'study (default: the latest)')
    .option('--annotator <id...>', 'only these annotators (default: all)')
    .option('--base-url <url>', 'prefix of the printed links', 'http://127.0.0.1:<port>')
    .option('--links-file <file>', 'also write the links to this file (mode 600)')
    .option('--store <file>', STORE_FLAG_HELP, '.slant/slant.db')
    .action(async (f: StoreFlag & { study?: string; annotator?: string[]; baseUrl: string; linksFile?: string }) => {
      const { getStudy, reissueTokens } = await import('../../annotate/study-store.js');
      const store = await openRunStore(f.store);
      try {
        const study = await getStudy(store, f.study);
        const tokens = await reissueTokens(store, study.id, f.annotator);
        if (f.linksFile) writeLinks(f.linksFile, f.baseUrl, tokens);
        process.stdout.write(`study ${study.id}: new links for ${tokens.length} annotator(s)\n${linkLines(f.baseUrl, tokens).join('\n')}\n`);
      } finally {
        await store.close();
      }
    });
}

function registerServe(annotate: Command): void {
  annotate
    .command('serve')
    .description('serve the annotation app (127.0.0.1 unless --host); answers are stored as they come')
    .option('--study <id>', 'study (default: the latest)')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--port <n>', 'port (0 = any free port)', (v: string) => nonNegativeInt(v, '--port'), 0)
    .option('--new-links', 'issue new links for every annotator at start and print them with this server\'s address')
    .option('--answers-per-minute <n>', 'answers accepted from one annotator a minute, after 20 at once (default 60; more get HTTP 429)', (v: string) => parsePositiveInt(v, '--answers-per-minute'))
    .option('--store <file>', STORE_FLAG_HELP, '.slant/slant.db')
    .action(async (f: StoreFlag & { study?: string; host: string; port: number; newLinks?: boolean; answersPerMinute?: number }) => {
      const { getStudy, reissueTokens } = await import('../../annotate/study-store.js');
      const { startAnnotateServer } = await import('../../annotate/server.js');
      const { DEFAULT_ANSWER_RATE } = await import('../../annotate/rate-limit.js');
      const store = await openRunStore(f.store);
      const study = await getStudy(store, f.study);
      const srv = await startAnnotateServer(store, study.id, { host: f.host, port: f.port, ...(f.answersPerMinute !== undefined ? { answerRate: { ...DEFAULT_ANSWER_RATE, perMinute: f.answersPerMinute } } : {}) }).catch(async (err: unknown) => {
        await store.close(); // a port in use or a foreign --host: say so (exit 2) with the store closed
        throw err;
      });
      const lines = [`slant annotate: study ${study.id} (${study.kind}) at ${srv.url}`];
      if (f.newLinks) lines.push(...linkLines(srv.url, await reissueTokens(store, study.id)));
      else lines.push(`annotators open ${srv.url}/a/<token> (their links from \`create\`; \`slant annotate links --base-url ${srv.url}\` issues new ones)`);
      lines.push('Ctrl-C stops the server; every answer is already stored.');
      process.stdout.write(lines.join('\n') + '\n');
      await new Promise<void>((done) => {
        const stop = (): void => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void srv
            .close()
            .then(() => store.close())
            .then(done);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
const f3 = (x: number | null, n?: number): string => (x === null ? `—${n !== undefined ? ` (n=${n})` : ''}` : x.toFixed(3));
const ci = (lo: number | null, hi: number | null): string => (lo === null || hi === null ? '' : ` [${lo.toFixed(2)}, ${hi.toFixed(2)}]`);

function registerStats(annotate: Command): void {
  const stats = annotate.command('stats');
  addQualityOptions(
    stats
      .description('Krippendorff α, τ_b of annotators and judges with the leave-one-out consensus (bootstrap intervals), random baseline, judge accuracy cards')
      .option('--study <id>', 'study (default: the latest)')
      .option('--resamples <n>', 'bootstrap resamples over items', (v: string) => parsePositiveInt(v, '--resamples'), 1000)
      .option('--seed <n>', 'bootstrap seed', (v: string) => nonNegativeInt(v, '--seed'), 42)
      .option('--judge <column=spec>', 'which judge a study column is, as `slant validate --judge` takes it ("offline" or a model id), e.g. gpt=openai:gpt-5.4-mini (repeatable); study columns named "offline", "framing:<spec>" or a model id need none', collect, [])
      .option('--card <file>', 'write the judges\' cards (docs/judges/cards.md) as JSON (.json; one judge: the card; several: an array)')
      .option('--save-card', 'store the judges\' cards in the store\'s judge_cards table: later runs with those judges show them and correct their rates with them')
      .option('-o, --output <file>', 'write all statistics as JSON (.json)')
      .option('--store <file>', `${STORE_FLAG_HELP} (the study's; --save-card stores the cards there too)`, '.slant/slant.db'),
  ).action(async (f: StoreFlag & QualityFlags & { study?: string; resamples: number; seed: number; judge: string[]; card?: string; saveCard?: boolean; output?: string }, cmd: Command) => {
    if (f.output !== undefined) outputFormat(f.output, { '.json': 'json' });
    if (f.card !== undefined) outputFormat(f.card, { '.json': 'json' });
    for (const [flag, file] of [['-o', f.output], ['--card', f.card]] as const) if (file !== undefined) refuseOutputOverInput(file, [{ path: f.store, what: 'store' }], flag);
    const { loadStudyData } = await import('../../annotate/answers.js');
    const { studyStats } = await import('../../annotate/study-stats.js');
    const { hasJudgeCards } = await import('../../annotate/study-cards.js');
    const { kindText, scaleValues, studyKinds } = await import('../../annotate/scale.js');
    const { parseJudgeMappings, resolveStudyJudges } = await import('../../annotate/judge-identity.js');
    const { describeCard } = await import('../../judges/card.js');
    const { putJudgeCard } = await import('../../runtime/judge-cards.js');
    const mappings = parseJudgeMappings(f.judge);
    const store = await openRunStore(f.store);
    try {
      const data = await loadStudyData(store, f.study);
      const kind = data.kind;
      if (!hasJudgeCards(kind)) {
        const withCards = studyKinds().filter(hasJudgeCards);
        if (f.card || f.saveCard || f.judge.length) throw new UserError(`study ${data.study.id} is a ${kind} study: judge cards exist for ${withCards.join(' and ')} studies (a WildFrame study's "judges" are the models under test)`);
      }
      const { identities, unresolved } = hasJudgeCards(kind) ? await resolveStudyJudges(kind, data.items, mappings) : { identities: {}, unresolved: [] as string[] };
      if (f.saveCard && unresolved.length) {
        throw new UserError(`--save-card: slant cannot tell which judge ${unresolved.map((u) => `"${u}"`).join(', ')} ${unresolved.length === 1 ? 'is' : 'are'}, so a run could never find ${unresolved.length === 1 ? 'its card' : 'their cards'}`, {
          hint: `name each with --judge, as \`slant validate --judge\` takes it: ${unresolved.map((u) => `--judge ${u}=openai:o4-mini`).join(' ')} (or =offline)`,
        });
      }
      const command = ['slant annotate stats', `--study ${data.study.id}`, ...f.judge.map((j) => `--judge ${j}`), ...(f.filters ? [] : ['--no-filters'])].join(' ');
      const s = studyStats(data, { quality: await qualityOptions(f), resamples: f.resamples, seed: f.seed, identities, command });
      const write = (file: string, v: unknown): void => {
        writeFileAtomic(file, JSON.stringify(v, null, 2) + '\n');
      };
      if (f.card) write(f.card, s.cards.length === 1 ? s.cards[0] : s.cards);
      if (f.saveCard) for (const c of s.cards) await putJudgeCard(store, { task: c.task, judge: c.judge, version: c.version }, c);
      if (f.output) write(f.output, s);
      if (globalOptions(cmd).json) {
        process.stdout.write(JSON.stringify(s) + '\n');
        return;
      }
      const t = createTable(['who', 'τ_b with consensus [95% CI]', 'n', 'judge − avg human [95% CI]']);
      for (const a of s.annotators) t.push([a.annotator, `${f3(a.tauB, a.n)}${ci(a.low, a.high)}`, String(a.n), '']);
      t.push(['average human', `${f3(s.humanMean.tauB)}${ci(s.humanMean.low, s.humanMean.high)}`, String(s.annotators.length), '']);
      for (const j of s.judges) t.push([`${j.judge} (judge)`, `${f3(j.tauB, j.n)}${ci(j.low, j.high)}`, String(j.n), `${j.gap.value === null ? '—' : (j.gap.value >= 0 ? '+' : '') + j.gap.value.toFixed(2)}${ci(j.gap.low, j.gap.high)}`]);
      t.push(['random baseline', `${f3(s.randomBaseline.tauB)}${ci(s.randomBaseline.low, s.randomBaseline.high)}`, `${s.randomBaseline.draws} draws`, '']);
      const majority = kindText(kind).cards === 'majority';
      const cards = createTable(['judge', 'n', 'accuracy', 'balanced acc.', majority ? 'no majority' : 'no answer']);
      for (const c of s.cards) cards.push([`${c.judge}@${c.version}`, String(c.n), f3(c.accuracy, c.n), f3(c.balancedAccuracy, c.n), String(c.figures?.[majority ? 'noMajority' : 'noAnswer'] ?? 0)]);
      const alpha = Object.entries(s.alpha).map(([k, v]) => `${k} ${f3(v ?? null)}`).join(', ');
      const lines = [
        `study ${s.study} (${s.kind}): ${s.items} items, ${s.answers} answers from ${s.quality.kept.length} annotators kept`,
        ...(s.quality.excluded.length ? [`excluded ${new Set(s.quality.excluded.map((e) => e.annotator)).size} annotator(s):`, ...s.quality.excluded.map((e) => `  ${e.annotator}: ${e.filter} — ${e.reason}`)] : ['excluded: none']),
        `Krippendorff α: ${alpha}`,
        t.toString(),
        `intervals: ${s.resamples} bootstrap resamples over items`,
        ...(s.pairwise
          ? [
              `pairwise τ_b (App. B.1): human–human mean ${f3(num(s.pairwise.humanHuman.mean), s.pairwise.humanHuman.n)} (sd ${f3(num(s.pairwise.humanHuman.sd))}, ${s.pairwise.humanHuman.n} pairs)`,
              ...Object.entries(s.pairwise.humanJudge).map(([j, t]) => `  human–${j}: mean ${f3(num(t.mean), t.n)} (sd ${f3(num(t.sd))}, ${t.n} pairs)`),
            ]
          : []),
        ...(s.cards.length
          ? [
              majority ? `judge cards: accuracy against the human majority label (rows ${scaleValues(kind).join(', ')}):` : 'judge cards: direction (−, 0, +) against the direction of the mean human answer:',
              cards.toString(),
              ...s.cards.map((c) => `card: ${describeCard(c)}${f.saveCard ? ` — saved to ${f.store}` : ''}`),
            ]
          : []),
        ...(unresolved.length ? [`version unknown for ${unresolved.join(', ')}: a run cannot use ${unresolved.length === 1 ? 'this card' : 'these cards'}; name the judge with --judge <column>=<spec> (e.g. ${unresolved[0]}=openai:o4-mini) to save it`] : []),
        ...(f.card ? [`card(s) written to ${f.card}`] : []),
      ];
      process.stdout.write(lines.join('\n') + '\n');
    } finally {
      await store.close();
    }
  });
  deprecatedAlias(stats, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
}

function registerExport(annotate: Command): void {
  const exp = annotate.command('export');
  addQualityOptions(
    exp
      .description('export answers: CSV for `slant certainty humans` (kept annotators, plus judges) or JSONL with everything recorded')
      .option('--study <id>', 'study (default: the latest)')
      .option('-o, --output <file>', 'by its extension: .csv (item,annotator,label for `slant certainty humans`; certainty labels −2..2, positive = rewrite more certain) or .jsonl (one JSON line per answer, with timing, A/B order and exclusions)')
      .option('--no-judges', 'leave the judges\' answers out of the CSV')
      .option('--store <file>', STORE_FLAG_HELP, '.slant/slant.db'),
  ).action(async (f: StoreFlag & QualityFlags & { study?: string; output?: string; csv?: string; jsonl?: string; judges: boolean }) => {
    // -o FILE.csv / FILE.jsonl; the older --csv FILE and --jsonl FILE (hidden, deprecated) may still be given together
    const targets: { file: string; format: 'csv' | 'jsonl' }[] = [];
    if (f.output !== undefined) targets.push({ file: f.output, format: outputFormat(f.output, { '.csv': 'csv', '.jsonl': 'jsonl' }) });
    if (f.csv !== undefined) targets.push({ file: f.csv, format: 'csv' });
    if (f.jsonl !== undefined) targets.push({ file: f.jsonl, format: 'jsonl' });
    for (const t of targets) refuseOutputOverInput(t.file, [{ path: f.store, what: 'store' }]);
    if (targets.length === 0) throw new UserError('annotate export needs -o/--output FILE (.csv or .jsonl)', { hint: 'e.g. slant annotate export -o labels.csv (for `slant certainty humans`) or -o answers.jsonl' });
    const { loadStudyData } = await import('../../annotate/answers.js');
    const { applyQualityFilters } = await import('../../annotate/quality.js');
    const { exportCsv, exportJsonl } = await import('../../annotate/export.js');
    const store = await openRunStore(f.store);
    try {
      const data = await loadStudyData(store, f.study);
      const q = applyQualityFilters(data.answers, data.study.settings.annotators, await qualityOptions(f));
      const lines: string[] = [];
      for (const t of targets) {
        if (t.format === 'jsonl') {
          lines.push(`${t.file}: ${await exportJsonl(t.file, data, q)} answers`);
          continue;
        }
        const r = await exportCsv(t.file, data, q, { judges: f.judges });
        lines.push(`${t.file}: ${r.rows} rows (${q.kept.length} annotators kept, ${q.excluded.length} exclusion(s))`);
        if (data.kind === 'certainty') lines.push(`next: slant certainty humans ${t.file}${r.judges.length ? ` --judge-annotators ${r.judges.map((j) => JSON.stringify(j)).join(' ')}` : ''}`);
      }
      process.stdout.write(lines.join('\n') + '\n');
    } finally {
      await store.close();
    }
  });
  // the old spellings: each keeps its format whatever the extension (as before), with a note on stderr
  deprecatedAlias(exp, '--csv <file>', '-o/--output FILE.csv', () => undefined);
  deprecatedAlias(exp, '--jsonl <file>', '-o/--output FILE.jsonl', () => undefined);
}

function registerStatus(annotate: Command): void {
  annotate
    .command('status')
    .description('the studies in the store, and each annotator\'s progress in one (default: the latest)')
    .option('--study <id>', 'study (default: the latest)')
    .option('--store <file>', STORE_FLAG_HELP, '.slant/slant.db')
    .action(async (f: StoreFlag & { study?: string }, cmd: Command) => {
      const { getStudy, listStudies, studyProgress } = await import('../../annotate/study-store.js');
      const store = await openRunStore(f.store);
      try {
        const studies = await listStudies(store);
        if (studies.length === 0) throw new UserError(`no annotation study in ${f.store}`, { hint: 'create one with `slant annotate create`' });
        const study = await getStudy(store, f.study);
        const progress = await studyProgress(store, study.id);
        if (globalOptions(cmd).json) {
          process.stdout.write(JSON.stringify({ studies: studies.map((s) => ({ id: s.id, kind: s.kind, k: s.k, createdAt: s.createdAt })), study: study.id, progress }) + '\n');
          return;
        }
        const list = createTable(['study', 'kind', 'k', 'created']);
        for (const s of studies) list.push([s.id, s.kind, String(s.k), s.createdAt.slice(0, 16).replace('T', ' ')]);
        const t = createTable(['annotator', 'answered', 'of', 'last answer']);
        for (const p of progress) t.push([p.annotator, String(p.done), String(p.total), p.lastAnswerAt ? p.lastAnswerAt.slice(0, 19).replace('T', ' ') : '—']);
        const done = progress.reduce((a, p) => a + p.done, 0);
        const total = progress.reduce((a, p) => a + p.total, 0);
        process.stdout.write(`${list.toString()}\nstudy ${study.id}: ${done} of ${total} answers, ${progress.filter((p) => p.done === p.total).length} of ${progress.length} annotators finished\n${t.toString()}\n`);
      } finally {
        await store.close();
      }
    });
}

export function registerAnnotate(program: Command): void {
  const annotate = program.command('annotate').description('collect human labels (certainty, framing, WildFrame) in a local web app and validate judges against them');
  registerCreate(annotate);
  registerServe(annotate);
  registerLinks(annotate);
  registerStats(annotate);
  registerExport(annotate);
  registerStatus(annotate);
}
