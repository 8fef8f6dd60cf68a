/**
 * The one reader of a model's answer: it turns the text into the label the answer STATES, for
 * every question slant asks (framing, sentiment, certainty options, fact-check verdicts and their
 * confidence tags; see answer-questions.json), or says why it cannot.
 *
 * What counts as stating a label, in the order the rules are tried (the first that applies decides):
 *   1. a JSON object (fenced or not; single-quoted Python dicts too) with a key such as
 *      `final_answer`, `answer`, `label`, `sentiment`, `classification`, `verdict` whose value is a
 *      label ("Negative", "Slightly B", true);
 *   2. a tag such as `<final_answer>Slightly B</final_answer>` (the last one);
 *   3. (confidence only) bracketed tags: "[High Confidence]", "(low confidence)";
 *   4. a first line that is a bare label, in any case, punctuation or markdown ("**Negative**",
 *      "## Neutral", "Negative." ), optionally followed by an explanation on the same line after a
 *      separator ("Negative. Although one clause adds a positive note, …") or on the next lines;
 *   5. an explicit marker followed by a label: "Final answer: …" (the last such marker), else the
 *      last of "Label:", "Classification:", "Sentiment:", "Answer:", "The sentiment is …", … ;
 *   6. a last line that is nothing but a label ("…reasoning…\n\nFalse").
 * Some spellings count only as a whole answer or value ("Yes", "No" for a verdict).
 * A label followed by "or"/"/"/"and" and another label is a hedge, never a label. Everything else
 * is unreadable, with the reason: empty, a hedge, a value that is not a label, or no label stated
 * (an answer that mentions labels only inside its reasoning is never read by those words).
 *
 * Reasoning is separated from the answer in the model layer; a `<think>` block still in the text
 * (a stored or recorded answer) is skipped here too.
 */
import spec from './answer-questions.json' with { type: 'json' };

export type QuestionName = keyof typeof spec.questions;

/** How a label was read (shown with an item's answer). */
export type AnswerVia = 'json' | 'tag' | 'bracket' | 'first-line' | 'marker' | 'last-line';

export type AnswerRead = { label: string; via: AnswerVia } | { unreadable: string };


interface QuestionSpec {
  labels: Record<string, string[]>;
  markers?: string[];
  keys?: string[];
  bracketTags?: boolean;
  noQualifiers?: boolean;
  bareOnly?: string[];
}

interface Question {
  /** [spelling, label], longest spelling first */
  spellings: [string, string][];
  labels: string[];
  /** the labels as an answer writes them (each label's first spelling), for reasons */
  shown: string;
  strong: RegExp;
  weak: RegExp;
  keys: string[];
  tags: string[];
  qualifiers: string[];
  bracketTags: boolean;
  /** spellings read only as a whole answer or a whole value ("yes", "no") */
  bareOnly: Set<string>;
}

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A marker and what separates it from its label: ":" "=" "->" a dash, a line break (a markdown
 * header), or "is"/"would be"; a marker that ends in "as"/"is" ("classified as") needs none.
 */
function markerRegex(markers: readonly string[]): RegExp {
  const alts = [...markers].sort((a, b) => b.length - a.length).map((m) => esc(m).replace(/ /g, '\\s+'));
  const about = '(?:\\s+(?:of|in|for)\\s+(?:the|this)\\s+(?:given\\s+|above\\s+|following\\s+)?(?:text|article|review|passage|statement|summary|content|excerpt|sentence|claim))?';
  const sep = '(?:\\s*[\\])]\\s*(?:[:=]\\s*)?|\\s+(?:is|was|would\\s+be|will\\s+be|should\\s+be|seems\\s+to\\s+be|appears\\s+to\\s+be|can\\s+be\\s+classified\\s+as|is\\s+classified\\s+as)\\s*[:=]?\\s*|\\s*(?:[:=]|->|=>|[-–—])\\s*|[ \\t]*\\n\\s*)';
  return new RegExp(`(?<![a-z])(?:(?:${alts.join('|')})${about}${sep}|(?:classif(?:y|ied)|categori[sz](?:e|ed)|rate[ds]?|label(?:led|ed)?)(?:\\s+(?:this|it|the))?(?:\\s+(?:text|article|review|passage|statement|summary|content|excerpt|one))?\\s+as\\s+)`, 'g');
}

function buildQuestion(name: QuestionName): Question {
  const q = spec.questions[name] as QuestionSpec;
  const spellings: [string, string][] = [];
  for (const [label, names] of Object.entries(q.labels)) for (const n of names) spellings.push([n, label]);
  spellings.sort((a, b) => b[0].length - a[0].length);
  return {
    spellings,
    labels: Object.keys(q.labels),
    shown: Object.values(q.labels)
      .map((names) => names[0] ?? '')
      .join(', '),
    strong: markerRegex(spec.common.strongMarkers),
    weak: markerRegex([...spec.common.markers, ...(q.markers ?? [])]),
    keys: [...(q.keys ?? []), ...spec.common.keys].map((k) => k.toLowerCase()),
    tags: spec.common.tags,
    qualifiers: q.noQualifiers ? [] : spec.common.qualifiers,
    bracketTags: q.bracketTags ?? false,
    bareOnly: new Set(q.bareOnly ?? []),
  };
}

const QUESTIONS = new Map<QuestionName, Question>();
function question(name: QuestionName): Question {
  let q = QUESTIONS.get(name);
  if (!q) QUESTIONS.set(name, (q = buildQuestion(name)));
  return q;
}

/** The labels a question has (in the asset's order). */
export function questionLabels(name: QuestionName): string[] {
  return question(name).labels;
}

/** Lowercased, markdown emphasis/headers/quotes/backticks as spaces, whitespace kept (newlines too). */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[*_`~#>|]+/g, ' ')
    .replace(/[“”"‘’']/g, ' ')
    .replace(/[ \t\u00a0]+/g, ' ');
}

const HEDGE = /^\s*[,;]?\s*(?:or|and\/or|and|\/|\\|vs\.?|versus|to|→)\s*(?:possibly\s+|maybe\s+|perhaps\s+|even\s+|arguably\s+|more\s+)?/;
/** words that may follow a label before its explanation: "Negative sentiment.", "High confidence" */
const LABEL_NOUN = /^\s+(?:sentiment|framing|tone|overall|confidence)(?![a-z])/;

type AtStart = { label: string; end: number; spelling: string } | { hedge: string[] } | null;

/** A label at the very start of `t` (already plain), with qualifiers allowed before it; a hedge when another label follows "or". */
function labelAtStart(q: Question, t: string): AtStart {
  let s = t.replace(/^[\s.,;:!?()[\]{}=\-–—]+/, '');
  let skipped = t.length - s.length;
  for (;;) {
    const found = spellingAt(q, s);
    if (found) {
      // "True [High Confidence] or True [Low Confidence]": the options echoed, a hedge like "Positive or negative"
      const after = s.slice(found[0].length).replace(/^\s*[[(][^\])\n]{0,40}[\])]/, '');
      const h = HEDGE.exec(after);
      if (h && h[0].trim() !== '') {
        const other = spellingAt(q, after.slice(h[0].length));
        if (other) return { hedge: [...new Set([found[1], other[1]])] };
      }
      return { label: found[1], end: skipped + found[0].length, spelling: found[0] };
    }
    const qual = q.qualifiers.find((w) => s.startsWith(w) && /^\s/.test(s.slice(w.length)));
    if (qual === undefined) return null;
    const next = s.slice(qual.length).replace(/^\s+/, '');
    skipped += s.length - next.length;
    s = next;
  }
}

function spellingAt(q: Question, s: string): [string, string] | undefined {
  return q.spellings.find(([sp]) => s.startsWith(sp) && !/^[a-z0-9]/.test(s.slice(sp.length)));
}

/** A label that is the whole of `t` or ends at a separator (explanation after it allowed). */
function bareLabel(q: Question, t: string): AtStart {
  const r = labelAtStart(q, t);
  if (r === null || 'hedge' in r) return r;
  let rest = t.slice(r.end);
  if (q.bareOnly.has(r.spelling)) return /^[\s.!]*$/.test(rest) ? r : null;
  const noun = LABEL_NOUN.exec(rest);
  if (noun) rest = rest.slice(noun[0].length);
  return rest.trim() === '' || /^\s*(?:[.!?;,:()[\]—–]|-\s|\n)/.test(rest) ? r : null;
}

/** The last line when it is nothing but a label ("…reasoning…\n\nFalse"). */
function lastLineLabel(q: Question, t: string): AtStart {
  const last = t.split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';
  const r = labelAtStart(q, last);
  if (r === null || 'hedge' in r) return r;
  return /^[\s.!]*$/.test(last.slice(r.end)) ? r : null;
}

function decided(r: AtStart, via: AnswerVia, what: string): AnswerRead | undefined {
  if (r === null) return undefined;
  if ('hedge' in r) return { unreadable: `hedges between ${r.hedge.join(' and ')} (${what})` };
  return { label: r.label, via };
}

/** JSON objects in the text: fenced blocks and balanced {...} spans, parsed leniently (Python dicts). */
function jsonObjects(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    let depth = 0;
    let end = -1;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        end = j;
        break;
      }
    }
    if (end < 0) break;
    const obj = parseLenient(text.slice(i, end + 1));
    if (obj) {
      out.push(obj);
      i = end;
    }
  }
  return out;
}

function parseLenient(s: string): Record<string, unknown> | null {
  for (const attempt of [s, s.replace(/'([^'\\\n]*)'/g, '"$1"').replace(/\bTrue\b/g, 'true').replace(/\bFalse\b/g, 'false').replace(/\bNone\b/g, 'null').replace(/,\s*}/g, '}')]) {
    try {
      const v: unknown = JSON.parse(attempt);
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // not this form
    }
  }
  return null;
}

function fromJson(q: Question, text: string): AnswerRead | undefined {
  const objects = jsonObjects(text);
  let notLabel: string | undefined;
  for (const obj of objects) {
    // the object itself and the objects inside it (one level): {"result": {"label": "negative"}}
    const levels = [obj, ...Object.values(obj).filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v))];
    for (const key of q.keys) {
      for (const o of levels) {
        const entry = Object.entries(o).find(([k]) => k.toLowerCase() === key);
        if (!entry) continue;
        const v = entry[1];
        if (typeof v === 'boolean' && q.labels.includes(String(v))) return { label: String(v), via: 'json' };
        if (typeof v !== 'string') continue;
        const r = decided(bareLabel(q, plain(v)), 'json', `JSON "${entry[0]}"`);
        if (r) return r;
        notLabel ??= `JSON "${entry[0]}" is "${v.slice(0, 60)}", not one of ${q.shown}`;
      }
    }
  }
  if (notLabel) return { unreadable: notLabel };
  if (objects.length > 0) return undefined;
  // a key-value line outside any parsable object: `'sentiment' : 'Positive'` then an explanation
  const kv = new RegExp(`["'](${q.keys.map(esc).join('|')})["']\\s*:\\s*["']?([^"'\\n,}]+)`, 'i').exec(text);
  if (kv) return decided(bareLabel(q, plain(kv[2] ?? '')), 'json', `"${kv[1]}" value`) ?? { unreadable: `"${kv[1]}" is "${(kv[2] ?? '').trim().slice(0, 60)}", not one of ${q.shown}` };
  return undefined;
}

function fromTags(q: Question, text: string): AnswerRead | undefined {
  const re = new RegExp(`<(${q.tags.map(esc).join('|')})>([\\s\\S]*?)</\\1\\s*>`, 'gi');
  const last = [...text.matchAll(re)].at(-1);
  if (!last) return undefined;
  const content = plain(last[2] ?? '');
  return decided(bareLabel(q, content), 'tag', `<${last[1]}>`) ?? decided(markerLabel(q, content), 'tag', `<${last[1]}>`) ?? { unreadable: `<${last[1]}> holds "${(last[2] ?? '').trim().slice(0, 60)}", not one of ${q.shown}` };
}

function fromBrackets(q: Question, t: string): AnswerRead | undefined {
  const found = new Set<string>();
  for (const m of t.matchAll(/[[(]\s*([^\])\n]{1,40}?)\s*[\])]/g)) {
    const r = bareLabel(q, m[1] ?? '');
    if (r && 'label' in r && (m[1] ?? '').trim().length === r.end) found.add(r.label);
  }
  for (const m of t.matchAll(/(?<![a-z])((?:very\s+)?(?:high|low))[ \t-]+confidence(?![a-z])/g)) {
    const r = labelAtStart(q, `${m[1] ?? ''} confidence`);
    if (r && 'label' in r) found.add(r.label);
  }
  if (found.size === 1) return { label: [...found][0] as string, via: 'bracket' };
  if (found.size > 1) return { unreadable: `hedges between ${[...found].join(' and ')} (tags)` };
  return undefined;
}

/** The label after the last marker of one strength that is followed by a label (or a hedge). */
function lastMarked(q: Question, re: RegExp, t: string): AtStart {
  let best: AtStart = null;
  for (const m of t.matchAll(re)) {
    const rest = t.slice((m.index ?? 0) + m[0].length);
    const r = labelAtStart(q, rest);
    // "Answer: no information" is no verdict: a whole-answer-only spelling must stand alone after its marker
    if (r && 'label' in r && q.bareOnly.has(r.spelling) && !/^[\s.!]*(?:\n|$)/.test(rest.slice(r.end))) continue;
    if (r) best = r;
  }
  return best;
}

function markerLabel(q: Question, t: string): AtStart {
  return lastMarked(q, q.strong, t) ?? lastMarked(q, q.weak, t);
}

/** Labels named anywhere (for the reason an answer is unreadable, never to read it). */
function mentioned(q: Question, t: string): string[] {
  const out = new Set<string>();
  for (const [sp, label] of q.spellings) if (new RegExp(`(?<![a-z0-9])${esc(sp)}(?![a-z0-9])`).test(t)) out.add(label);
  return q.labels.filter((l) => out.has(l));
}

/** A reasoning block left in the text: what follows the last closing tag, or null (never closed). */
function afterReasoning(text: string): string | null {
  const close = [...text.matchAll(/<\/(?:think|thinking|reasoning)>/gi)].at(-1);
  if (close) return text.slice((close.index ?? 0) + close[0].length);
  return /^\s*<(?:think|thinking|reasoning)>/i.test(text) ? null : text;
}

/** Read the label an answer states for a question, or why it cannot be read. */
export function readAnswer(text: string, name: QuestionName): AnswerRead {
  const q = question(name);
  const answer = afterReasoning(text ?? '');
  if (answer === null) return { unreadable: 'only reasoning: the reasoning block never closed' };
  if (answer.trim() === '') return { unreadable: 'empty answer' };
  const t = plain(answer);
  // a confidence tag sits beside the verdict ("True [High Confidence]"), inside JSON or not
  const bracket = q.bracketTags ? fromBrackets(q, t) : undefined;
  if (bracket) return bracket;
  const json = fromJson(q, answer);
  if (json) return json;
  const tag = fromTags(q, answer);
  if (tag) return tag;
  const firstLine = t.split('\n').find((l) => l.trim() !== '') ?? '';
  const first = decided(bareLabel(q, firstLine), 'first-line', 'first line');
  if (first) return first;
  // "the sentiment of the sentence "<the sentence quoted>" is 'Neutral'": the quoted sentence is not the answer
  const marked = decided(markerLabel(q, t) ?? markerLabel(q, plain(answer.replace(/["“][^"”\n]{25,400}["”]/g, ' '))), 'marker', 'after a marker');
  if (marked) return marked;
  const last = decided(lastLineLabel(q, t), 'last-line', 'last line');
  if (last) return last;
  const named = mentioned(q, t);
  if (named.length > 1) return { unreadable: `names ${named.join(', ')} but states none of them` };
  if (named.length === 1) return { unreadable: `states no label (mentions "${named[0]}" only in passing)` };
  return { unreadable: `states none of ${q.shown}` };
}

/**
 * The patterns readStatedText reads a marker or a tag with, made once per marker and tag: a
 * RegExp built for every answer was compiled again each time (most of reading a short answer).
 * matchAll copies the pattern, so the shared one's lastIndex never moves.
 */
const statedTextPatterns = new Map<string, RegExp>();

function statedTextPattern(key: string, make: () => RegExp): RegExp {
  let re = statedTextPatterns.get(key);
  if (re === undefined) {
    // a library caller reading with ever new markers keeps a bounded map
    if (statedTextPatterns.size >= 64) statedTextPatterns.clear();
    statedTextPatterns.set(key, (re = make()));
  }
  return re;
}

export type TextRead = { text: string; via: 'marker' | 'tag' | 'json' } | { unreadable: string };

/**
 * Read a text an answer states after a marker ("FINAL_SUMMARY: …", to the end of the answer) or
 * inside a tag (`<output_claim>…</output_claim>`, or a JSON key of the same name): the last one.
 */
export function readStatedText(text: string, field: { marker?: string; tag?: string }): TextRead {
  const answer = afterReasoning(text ?? '');
  if (answer === null) return { unreadable: 'only reasoning: the reasoning block never closed' };
  if (answer.trim() === '') return { unreadable: 'empty answer' };
  if (field.tag !== undefined) {
    const tag = field.tag;
    const last = [...answer.matchAll(statedTextPattern(`tag ${tag}`, () => new RegExp(`<${esc(tag)}>([\\s\\S]*?)</${esc(tag)}\\s*>`, 'gi')))].at(-1);
    if (last) return (last[1] ?? '').trim() === '' ? { unreadable: `<${field.tag}> is empty` } : { text: (last[1] ?? '').trim(), via: 'tag' };
    for (const obj of jsonObjects(answer)) {
      const v = Object.entries(obj).find(([k]) => k.toLowerCase() === field.tag!.toLowerCase())?.[1];
      if (typeof v === 'string' && v.trim() !== '') return { text: v.trim(), via: 'json' };
    }
    if (field.marker === undefined) return { unreadable: `no <${field.tag}>` };
  }
  if (field.marker !== undefined) {
    // "FINAL_SUMMARY:", "**FINAL_SUMMARY:**", "Final summary:", "## FINAL SUMMARY" (the last one)
    const marker = field.marker;
    const re = statedTextPattern(`marker ${marker}`, () => {
      const words = marker.replace(/[:\s]+$/, '').split(/[_\s]+/).map(esc).join('[_\\s]+');
      return new RegExp(`(?:^|[^A-Za-z])(?:[*_#]+\\s*)?${words}\\s*(?:[*_]+\\s*)?(?::[*_]*|\\n)\\s*`, 'gi');
    });
    const last = [...answer.matchAll(re)].at(-1);
    if (!last) return { unreadable: `no ${field.marker}` };
    const rest = answer
      .slice((last.index ?? 0) + last[0].length)
      .trim()
      .replace(/^\[([\s\S]*)\]$/, '$1')
      .trim();
    return rest === '' ? { unreadable: `nothing after ${field.marker}` } : { text: rest, via: 'marker' };
  }
  return { unreadable: 'nothing to read' };
}
