import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { importOptional } from '../../core/optional-package.js';
import type { Falsifier, NewsBuildOptions, NewsStore } from '../../datasets/news/index.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import { globalOptions } from '../main-options.js';
import { collect, parsePositiveInt } from '../parse.js';
import { aliasTo, aliasToField, deprecatedAlias, fieldMap, fieldOption, inputFile, outputFormat } from '../flags.js';
import { refuseOutputOverInput } from '../output-over-input.js';

// the news pipeline, the store and the HTTP scheduler load in the actions, so `--help` stays light
type NewsModule = typeof import('../../datasets/news/index.js');
const loadNews = (): Promise<NewsModule> => importOptional('news', () => import('../../datasets/news/index.js'));
const openStore = async (path: string) => (await import('../../runtime/store.js')).Store.open(resolve(path));
const DEFAULT_STORE_PATH = '.slant/slant.db';

async function makeFalsifier(kind: string, model: string | undefined): Promise<Falsifier | null> {
  if (kind === 'none') return null;
  if (kind === 'offline') return (await loadNews()).offlineFalsifier();
  if (kind === 'llm') {
    if (model === undefined) throw new UserError('--falsify llm needs --model <id> (e.g. openai:gpt-4o-mini)');
    const { createModel } = await import('../../models/create-model.js');
    return (await loadNews()).llmFalsifier(await createModel(model));
  }
  throw new UserError(`--falsify expects offline, llm or none, got "${kind}"`);
}

/** SIGINT/SIGTERM abort the work; everything stored so far stays. */
function interruptible(): { signal: AbortSignal; dispose: () => void } {
  const ctrl = new AbortController();
  const stop = (): void => ctrl.abort(new Error('interrupted'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: ctrl.signal,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

interface NewsFlags {
  store: string;
  query: string;
  language: string;
  from?: string;
  lookbackDays: number;
  domains?: string;
  allDomains?: boolean;
  feed: string[];
  newsapi: boolean;
  maxPages: number;
  scrape: boolean;
  falsify: string;
  model?: string;
  every?: string;
  timezone?: string;
  once?: boolean;
}

function buildOptions({ NEWSAPI_ENV, TRUSTED_DOMAINS }: NewsModule, flags: NewsFlags, store: NewsStore, falsifier: Falsifier | null, scheduler: Scheduler, signal: AbortSignal, log: (s: string) => void): NewsBuildOptions {
  const hasKey = NEWSAPI_ENV.some((n) => (process.env[n] ?? '').trim() !== '');
  const opts: NewsBuildOptions = { store, feeds: flags.feed, scrape: flags.scrape, falsifier, scheduler, signal, log };
  if (flags.newsapi && hasKey) {
    const from = flags.from ?? new Date(Date.now() - flags.lookbackDays * 86_400_000).toISOString().slice(0, 10);
    const domains = flags.allDomains === true ? [] : flags.domains !== undefined ? flags.domains.split(',').map((d) => d.trim()).filter((d) => d !== '') : [...TRUSTED_DOMAINS];
    opts.newsapi = { query: flags.query, language: flags.language, from, domains, maxPages: flags.maxPages };
  } else if (flags.newsapi && flags.feed.length === 0) {
    throw new UserError(`no news source: set ${NEWSAPI_ENV[0]} for NewsAPI, or give RSS/Atom feeds with --feed <url>`);
  }
  return opts;
}

function registerNews(datasets: Command): void {
  datasets
    .command('news')
    .description('grow the self-updating news dataset (NewsLensSync, seed 000 A.3): fetch, dedupe, scrape, falsify, store')
    .option('--store <file>', 'SQLite store', DEFAULT_STORE_PATH)
    .option('--query <q>', 'NewsAPI query (the paper: politics)', 'politics')
    .option('--language <code>', 'NewsAPI language', 'en')
    .option('--from <date>', 'NewsAPI from-date (default: --lookback-days ago)')
    .option('--lookback-days <n>', 'default from-date, days back', (v: string) => parsePositiveInt(v, '--lookback-days'), 2)
    .option('--domains <list>', 'comma-separated domains (default: the paper’s trusted list)')
    .option('--all-domains', 'no domain restriction')
    .option('--feed <url>', 'an RSS or Atom feed (repeatable); works without a NewsAPI key', collect, [])
    .option('--no-newsapi', 'do not call NewsAPI even when a key is set')
    .option('--max-pages <n>', 'NewsAPI pages per pass (100 articles each)', (v: string) => parsePositiveInt(v, '--max-pages'), 1)
    .option('--no-scrape', 'do not fetch article pages for the description')
    .option('--falsify <kind>', 'offline (rule-based negator), llm (needs --model) or none', 'offline')
    .option('--model <id>', 'model for --falsify llm')
    .option('--every <when>', 'keep running: an interval (24h, 30m) or a cron expression ("0 6 * * *")')
    .option('--timezone <tz>', 'timezone of a cron expression (default UTC)')
    .option('--once', 'one pass, then exit (for a system cron); the default without --every')
    .action(async (flags: NewsFlags, cmd: Command) => {
      if (flags.every !== undefined && flags.once === true) throw new UserError('--every and --once exclude each other');
      const newsModule = await loadNews();
      const { NewsStore, buildNewsOnce, parseEvery, runSchedule } = newsModule;
      const { Scheduler } = await import('../../runtime/scheduler.js');
      const every = flags.every !== undefined ? parseEvery(flags.every, flags.timezone ?? 'UTC') : undefined;
      const json = globalOptions(cmd).json;
      const quiet = globalOptions(cmd).quiet;
      const log = (s: string): void => {
        if (!quiet && !json) process.stderr.write(`${new Date().toISOString()} ${s}\n`);
      };
      const falsifier = await makeFalsifier(flags.falsify, flags.model);
      const store = await openStore(flags.store);
      const news = new NewsStore(store);
      const { signal, dispose } = interruptible();
      const scheduler = new Scheduler({ maxRateLimitRetries: 2, signal, concurrency: { scrape: 4, rss: 2, newsapi: 1 } });
      const opts = buildOptions(newsModule, flags, news, falsifier, scheduler, signal, log);
      const report = (stats: unknown): void => {
        if (json) process.stdout.write(JSON.stringify({ stats, total: news.count() }) + '\n');
        else {
          const s = stats as { added: number; fetched: number; duplicateUrl: number; duplicateTitle: number; falsifyRejected: number; sourceErrors: unknown[] };
          process.stdout.write(
            `added ${s.added} of ${s.fetched} fetched (${s.duplicateUrl} duplicate URLs, ${s.duplicateTitle} near-duplicate titles; ${s.falsifyRejected} falsifications failed the negation check); ${news.count()} articles stored\n`,
          );
        }
      };
      try {
        if (every === undefined) {
          report(await buildNewsOnce(opts));
          return;
        }
        log(`scheduled: ${flags.every}; Ctrl-C to stop`);
        await runSchedule({ every, lastCompleted: () => news.lastCompletedFetch(), runOnce: async () => report(await buildNewsOnce(opts)), signal, log });
      } finally {
        dispose();
        store.close();
      }
    });

  const exp = datasets
    .command('export')
    .description('export the news dataset as fact-check pairs (JSONL or Parquet), e.g. only after a model’s cutoff')
    .option('-o, --output <file>', 'output file (.jsonl or .parquet)')
    .option('--store <file>', 'SQLite store', DEFAULT_STORE_PATH)
    .option('--format <f>', 'jsonl or parquet (default: from the extension)')
    .option('--from <date>', 'published on/after (YYYY-MM-DD)')
    .option('--to <date>', 'published on/before (YYYY-MM-DD)')
    .option('--post-cutoff-for <model>', 'only articles after this model’s knowledge cutoff')
    .option('--cutoff <yyyy-mm>', 'the cutoff of --post-cutoff-for, when the built-in table lacks it')
    .option('--include-unchecked', 'also export articles whose falsification failed the negation check or is missing')
    .action(async (flags: { output?: string; store: string; format?: string; from?: string; to?: string; postCutoffFor?: string; cutoff?: string; includeUnchecked?: boolean }, cmd: Command) => {
      if (flags.output === undefined) throw new UserError('datasets export needs -o/--output FILE (.jsonl or .parquet)');
      const out = flags.output;
      if (flags.format !== undefined && flags.format !== 'jsonl' && flags.format !== 'parquet') throw new UserError(`--format expects jsonl or parquet, got "${flags.format}"`);
      if (flags.format === undefined) outputFormat(out, { '.jsonl': 'jsonl', '.parquet': 'parquet' });
      refuseOutputOverInput(out, [{ path: flags.store, what: 'store' }]);
      if (flags.cutoff !== undefined && flags.postCutoffFor === undefined) throw new UserError('--cutoff goes with --post-cutoff-for <model>');
      const { NewsStore, exportNews } = await loadNews();
      const { checkCutoff } = await import('../../probes/hallucination/cutoffs.js');
      const store = await openStore(flags.store);
      try {
        const opts: Parameters<typeof exportNews>[1] = { out };
        if (flags.format !== undefined) opts.format = flags.format;
        if (flags.from !== undefined) opts.from = flags.from;
        if (flags.to !== undefined) opts.to = flags.to;
        if (flags.postCutoffFor !== undefined) opts.postCutoffFor = flags.postCutoffFor;
        if (flags.cutoff !== undefined && flags.postCutoffFor !== undefined) opts.cutoffs = { [flags.postCutoffFor]: checkCutoff(flags.cutoff, '--cutoff') };
        if (flags.includeUnchecked === true) opts.includeUnchecked = true;
        const st = await exportNews(new NewsStore(store), opts);
        if (globalOptions(cmd).json) process.stdout.write(JSON.stringify(st) + '\n');
        else
          process.stdout.write(
            `wrote ${st.written} pairs to ${out}${st.range.from !== undefined ? ` (from ${st.range.from}${st.range.cutoff !== undefined ? `, after cutoff ${st.range.cutoff}` : ''})` : ''}; left out ${st.unchecked} without an accepted falsification, ${st.withoutText} without a description\n`,
          );
      } finally {
        store.close();
      }
    });
  deprecatedAlias(exp, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
}

function registerImport(datasets: Command): void {
  const imp = datasets
    .command('import [file]')
    .description('turn dated one-sentence events (JSONL: date, text[, is_event, category]) into fact-check pairs')
    .option('-i, --input <file>', 'the events (instead of the positional FILE)')
    .option('-o, --output <file>', 'output JSONL (.jsonl) of {id, date, true_text, false_text, source, ...}')
    .option('--falsify <kind>', 'offline (rule-based negator) or llm (needs --model)', 'offline')
    .option('--model <id>', 'model for --falsify llm')
    .option('--from <date>', 'events on/after (YYYY-MM-DD)')
    .option('--to <date>', 'events on/before (YYYY-MM-DD)')
    .addOption(fieldOption(['date', 'text']))
    .option('--keep-rejected', 'also write pairs whose falsification failed the negation check (marked negation_check: false)')
    .option('--limit <n>', 'stop after n pairs', (v: string) => parsePositiveInt(v, '--limit'))
    .action(
      async (
        positional: string | undefined,
        flags: { input?: string; output?: string; falsify: string; model?: string; from?: string; to?: string; field: string[]; keepRejected?: boolean; limit?: number },
        cmd: Command,
      ) => {
        const file = inputFile(positional, flags.input, 'slant datasets import events.jsonl -o pairs.jsonl');
        if (flags.output === undefined) throw new UserError('datasets import needs -o/--output FILE (.jsonl)');
        const output = flags.output;
        outputFormat(output, { '.jsonl': 'jsonl' });
        refuseOutputOverInput(output, [{ path: file, what: 'input' }]);
        const fields = fieldMap(flags.field, { date: 'date', text: 'text' });
        if (flags.falsify === 'none') throw new UserError('--falsify none makes no pairs; use offline or llm');
        const falsifier = await makeFalsifier(flags.falsify, flags.model);
        if (falsifier === null) return;
        const { signal, dispose } = interruptible();
        try {
          const { importEvents } = await import('../../datasets/import-events.js');
          const stats = await importEvents({
            input: file,
            output,
            falsifier,
            dateField: fields.date ?? 'date',
            textField: fields.text ?? 'text',
            signal,
            ...(flags.from !== undefined ? { from: flags.from } : {}),
            ...(flags.to !== undefined ? { to: flags.to } : {}),
            ...(flags.keepRejected === true ? { keepRejected: true } : {}),
            ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
          });
          if (globalOptions(cmd).json) process.stdout.write(JSON.stringify(stats) + '\n');
          else
            process.stdout.write(
              `wrote ${stats.written} pairs to ${output} from ${stats.read} rows: ${stats.notEvents} not events, ${stats.outOfRange} out of range, ${stats.duplicates} duplicates, ${stats.noRule} with no negation rule, ${stats.rejected} failing the negation check${flags.keepRejected === true ? ' (kept)' : ''}\n` +
                `methods: ${Object.entries(stats.methods)
                  .map(([k, v]) => `${k} ${v}`)
                  .join(', ')}\n`,
            );
        } finally {
          dispose();
        }
      },
    );
  deprecatedAlias(imp, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
  deprecatedAlias(imp, '--date-field <column>', '--field date=COLUMN', aliasToField('date'));
  deprecatedAlias(imp, '--text-field <column>', '--field text=COLUMN', aliasToField('text'));
}

function registerWildframe(datasets: Command): void {
  const wf = datasets
    .command('wildframe [corpus]')
    .description('build a WildFrame-style dataset (seed 001): extract clear sentiment statements from a corpus and reframe each with the opposite sentiment')
    .requiredOption('--model <id>', 'model that writes the reframings (the paper\'s one-shot prompts)')
    .option('-i, --input <file>', 'the corpus (instead of the positional CORPUS)')
    .option('-o, --output <file>', 'output JSONL (.jsonl) of {id, base, baseSentiment, framed, ...}')
    .addOption(fieldOption(['text']))
    .option('--max-per-polarity <n>', 'stop after n accepted statements of each polarity (the paper keeps 500)', (v: string) => parsePositiveInt(v, '--max-per-polarity'))
    .option('--include-unclear', 'keep statements flagged as having no clear sentiment')
    .option('--limit <n>', 'read at most n corpus texts', (v: string) => parsePositiveInt(v, '--limit'))
    .action(async (positional: string | undefined, flags: { input?: string; model: string; output?: string; field: string[]; maxPerPolarity?: number; includeUnclear?: boolean; limit?: number }, cmd: Command) => {
      const corpus = inputFile(positional, flags.input, 'slant datasets wildframe corpus.jsonl --model M -o statements.jsonl');
      if (flags.output === undefined) throw new UserError('datasets wildframe needs -o/--output FILE (.jsonl)');
      const output = flags.output;
      outputFormat(output, { '.jsonl': 'jsonl' });
      refuseOutputOverInput(output, [{ path: corpus, what: 'input' }]);
      const textField = fieldMap(flags.field, { text: 'text' }, 'text').text ?? 'text';
      const { buildWildframeDataset, readCorpusTexts } = await import('../../probes/wildframe/builder/index.js');
      const { createModel } = await import('../../models/create-model.js');
      const { writeJsonl } = await import('../../data/index.js');
      const model = await createModel(flags.model);
      const { signal, dispose } = interruptible();
      try {
        const { records, stats } = await buildWildframeDataset(readCorpusTexts(corpus, { field: textField, ...(flags.limit ? { limit: flags.limit } : {}) }), model, {
          signal,
          ...(flags.maxPerPolarity ? { maxPerPolarity: flags.maxPerPolarity } : {}),
          ...(flags.includeUnclear ? { includeUnclear: true } : {}),
        });
        const written = await writeJsonl(output, records);
        if (globalOptions(cmd).json) process.stdout.write(JSON.stringify({ written, ...stats }) + '\n');
        else process.stdout.write(`wrote ${written} statements to ${output} from ${stats.texts} texts (${stats.candidates} candidates); rejected: ${JSON.stringify(stats.rejected)}\n`);
      } finally {
        dispose();
      }
    });
  deprecatedAlias(wf, '--out <file>', '-o/--output FILE', aliasTo('output', '-o/--output'));
}

/** `slant datasets ...`: the self-updating news dataset, event import (seed 000, §5, A.3) and WildFrame building (seed 001). */
export function registerDatasets(program: Command): void {
  const datasets = program.command('datasets').description('build datasets: self-updating news (NewsAPI, RSS), imported events, WildFrame statements');
  registerNews(datasets);
  registerImport(datasets);
  registerWildframe(datasets);
}
