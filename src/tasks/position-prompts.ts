/**
 * Generation side of the position probe (seed 003, Chhabra et al.).
 *
 * - The paper's prompts (Appendix F.3), verbatim, per model family and dataset: GPT-3.5 asks for
 *   dash bullets, Llama-2 for a numbered list with an example, Dolly for a plain N-sentence
 *   summary. `positionPrompt` renders the same wording for any sentence count.
 * - `parseSummaryItems`: the summary's sentences from a bulleted or numbered answer. Only the
 *   leading list marker of a line is removed; hyphens and decimals inside a sentence are kept.
 *   (The released notebook used `line.split('-')[-1].strip()`, which keeps only the text after
 *   the LAST hyphen: "- A well-known firm" became "known firm". `parseSummaryItemsReleased`
 *   reproduces it for comparison.)
 * - `enforceSentenceCount`: when a model writes more sentences than asked, F.3 samples the
 *   required number uniformly at random; here with a seeded generator (document order kept).
 * - Role-play (Appendix G, after Kong et al. 2023): the paper does not print its role-play prompt;
 *   `rolePlayMessages` follows Kong et al.'s two-stage scheme (a role-setting user turn and the
 *   model's role-feedback turn) before the task prompt. The wording is slant's.
 */
import { UserError } from '../core/errors.js';
import type { ChatMessage, GenerateParams, LanguageModel, Warning } from '../models/types.js';
import { createRng, sampleWithoutReplacement } from '../stats/rng.js';
import { splitSentences } from '../text/sentences.js';

export type PositionDataset = 'xsum' | 'cnndm' | 'reddit' | 'news';
export type PromptStyle = 'dash' | 'numbered' | 'plain';
export type PaperModel = 'gpt-3.5' | 'llama-2' | 'dolly-v2';

/** Summary length the paper asks for per dataset (F.3). */
export const DATASET_SENTENCES: Record<PositionDataset, number> = { xsum: 1, cnndm: 3, reddit: 1, news: 1 };
export const MODEL_STYLE: Record<PaperModel, PromptStyle> = { 'gpt-3.5': 'dash', 'llama-2': 'numbered', 'dolly-v2': 'plain' };

const ORDINALS = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth'];

/** The paper's prompt wording for `sentences` sentences in `style`, with {{document}} for the article. */
export function positionTemplate(style: PromptStyle, sentences: number): string {
  if (!Number.isInteger(sentences) || sentences < 1) throw new UserError(`summary sentence count must be a positive integer, got ${sentences}`);
  const n = sentences;
  if (style === 'plain') return `Generate a ${n} sentence summary for the given article. Article: {{document}}.`;
  const head = `For the following article: {{document}}. Return a summary comprising of ${n} sentence${n === 1 ? '' : 's'}.`;
  if (style === 'dash') {
    return n === 1 ? `${head} Write the sentence in a dash bulleted format.` : `${head} Write each sentence in a dash bulleted format.`;
  }
  const example = Array.from({ length: n }, (_, i) => `${i + 1}. ${ORDINALS[i] !== undefined ? `${ORDINALS[i]} sentence` : `Sentence ${i + 1}`}`).join('\n\n');
  return n === 1
    ? `${head} Write the sentence in a numbered list format.\n\nFor example:\n\n${example}`
    : `${head} Write each sentence in a numbered list format.\n\nFor example:\n\n${example}`;
}

/**
 * Appendix F.3 verbatim (with {{document}} for {Article}). Note the paper's Llama-2 CNN/DM
 * prompt says "3 sentence" and "Write the sentence"; kept as printed.
 */
export const PAPER_PROMPTS: Record<PaperModel, Record<PositionDataset, string>> = {
  'gpt-3.5': {
    xsum: positionTemplate('dash', 1),
    cnndm: positionTemplate('dash', 3),
    reddit: positionTemplate('dash', 1),
    news: positionTemplate('dash', 1),
  },
  'llama-2': {
    xsum: positionTemplate('numbered', 1),
    cnndm:
      'For the following article: {{document}}. Return a summary comprising of 3 sentence. Write the sentence in a numbered list format. For example:\n\n1. First sentence\n\n2. Second sentence\n\n3. Third sentence',
    reddit: positionTemplate('numbered', 1),
    news: positionTemplate('numbered', 1),
  },
  'dolly-v2': {
    xsum: positionTemplate('plain', 1),
    cnndm: positionTemplate('plain', 3),
    reddit: positionTemplate('plain', 1),
    news: positionTemplate('plain', 1),
  },
};

export function renderTemplate(template: string, article: string): string {
  return template.split('{{document}}').join(article);
}

export function positionPrompt(style: PromptStyle, sentences: number, article: string): string {
  return renderTemplate(positionTemplate(style, sentences), article);
}

/** Kong et al. (2023) role-play scheme: role-setting prompt, role-feedback, then the task. */
export function rolePlayMessages(taskPrompt: string): ChatMessage[] {
  return [
    {
      role: 'user',
      content: 'From now on, you are an excellent news editor and you always summarize articles accurately and faithfully. And I am one of your readers.',
    },
    { role: 'assistant', content: "That's great to hear! As your news editor, I'll do my best to summarize each article accurately and faithfully." },
    { role: 'user', content: taskPrompt },
  ];
}

const MARKER = /^\s*(?:[-*•–—]|\d{1,2}[.)]|\(\d{1,2}\))\s+/u;

interface ParsedSummary {
  sentences: string[];
  /** true when the answer was a list (each item one sentence); false when split into sentences */
  list: boolean;
  /** non-empty lines outside the list (a preamble such as "Here is a summary:" or a closing remark) */
  ignoredLines: string[];
}

/**
 * Sentences of a model's answer. If some lines start with a list marker (- * • – — "1." "1)"
 * "(1)"), each item is one sentence: the marker is stripped, lines without a marker right after an
 * item continue it, other unmarked lines (preamble, trailing remarks) are ignored and returned.
 * Otherwise the answer is split into sentences.
 */
export function parseSummaryItems(text: string): ParsedSummary {
  const lines = text.split(/\r?\n/);
  if (!lines.some((l) => MARKER.test(l))) return { sentences: splitSentences(text), list: false, ignoredLines: [] };
  const items: string[] = [];
  const ignored: string[] = [];
  let open = false;
  for (const line of lines) {
    const t = line.trim();
    if (t === '') {
      open = false;
      continue;
    }
    const m = MARKER.exec(line);
    if (m) {
      const body = line.slice(m[0].length).trim();
      if (body) {
        items.push(body);
        open = true;
      }
    } else if (open && items.length > 0) {
      items[items.length - 1] = `${items[items.length - 1]} ${t}`;
    } else ignored.push(t);
  }
  return { sentences: items, list: true, ignoredLines: ignored };
}

/** The released notebook's parser (`[l.split('-')[-1].strip() for l in text.split('\n')]`), for comparison only. */
export function parseSummaryItemsReleased(text: string): string[] {
  return text.split('\n').map((l) => (l.split('-').at(-1) ?? '').trim());
}

interface EnforcedCount {
  sentences: string[];
  /** sentences the model wrote */
  written: number;
  /** true when sentences were sampled down to the requested count */
  sampled: boolean;
}

/** F.3: keep `n` of the model's sentences chosen uniformly at random (seeded), in document order. */
export function enforceSentenceCount(sentences: readonly string[], n: number, seed: number): EnforcedCount {
  if (sentences.length <= n) return { sentences: sentences.slice(), written: sentences.length, sampled: false };
  const idx = sampleWithoutReplacement(
    sentences.map((_, i) => i),
    n,
    createRng(seed),
  ).sort((a, b) => a - b);
  return { sentences: idx.map((i) => sentences[i] as string), written: sentences.length, sampled: true };
}

/** A per-record seed from a run seed and the record id (FNV-1a), so that sampling is reproducible per article. */
export function recordSeed(seed: number, recordId: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < recordId.length; i++) h = Math.imul(h ^ recordId.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

interface PositionGeneration {
  /** the summary's sentences after parsing and count enforcement */
  sentences: string[];
  raw: string;
  written: number;
  sampled: boolean;
  /** the answer followed the requested list format and count */
  followedFormat: boolean;
  ignoredLines: string[];
  warnings: Warning[];
}

interface PositionGenerateOptions {
  /** a paper preset (model family + dataset), or a style with a sentence count */
  preset?: { model: PaperModel; dataset: PositionDataset };
  style?: PromptStyle;
  sentences?: number;
  rolePlay?: boolean;
  seed?: number;
  recordId?: string;
  params?: GenerateParams;
  signal?: AbortSignal;
}

/** Ask `model` for a summary of `article` the paper's way and return its sentences (F.3). */
export async function generatePositionSummary(model: LanguageModel, article: string, opts: PositionGenerateOptions): Promise<PositionGeneration> {
  const n = opts.preset ? DATASET_SENTENCES[opts.preset.dataset] : opts.sentences;
  if (n === undefined) throw new UserError('generatePositionSummary needs a preset or a sentence count');
  const template = opts.preset ? PAPER_PROMPTS[opts.preset.model][opts.preset.dataset] : positionTemplate(opts.style ?? 'dash', n);
  const prompt = renderTemplate(template, article);
  const messages = opts.rolePlay ? rolePlayMessages(prompt) : [{ role: 'user' as const, content: prompt }];
  const req: Parameters<LanguageModel['generate']>[0] = { messages, task: { kind: 'summarize', input: article, ...(opts.recordId ? { recordId: opts.recordId } : {}) } };
  if (opts.params) req.params = opts.params;
  if (opts.signal) req.signal = opts.signal;
  const res = await model.generate(req);
  const parsed = parseSummaryItems(res.text);
  const seed = recordSeed(opts.seed ?? 42, opts.recordId ?? article.slice(0, 200));
  const enforced = enforceSentenceCount(parsed.sentences, n, seed);
  const style = opts.preset ? MODEL_STYLE[opts.preset.model] : (opts.style ?? 'dash');
  return {
    sentences: enforced.sentences,
    raw: res.text,
    written: enforced.written,
    sampled: enforced.sampled,
    followedFormat: enforced.written === n && (style === 'plain' || parsed.list),
    ignoredLines: parsed.ignoredLines,
    warnings: res.warnings,
  };
}
