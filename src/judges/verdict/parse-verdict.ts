/**
 * Reads a fact-checking answer ("True", "False [High Confidence]", a chain of thought ending in a
 * conclusion, JSON, markdown...) as a verdict plus an optional confidence tag (seed 000, Table A7).
 *
 * Rules, in order; the first that applies decides:
 *   1. empty answer -> unparseable ('empty');
 *   2. reasoning blocks (<think>...</think>) are dropped, markdown emphasis/quotes/backticks removed;
 *   3. JSON with a verdict-like key ("verdict", "answer", "label", "result", "prediction",
 *      "factual", "is_true") holding true/false or "True"/"False";
 *   4. a labelled conclusion: the LAST "conclusion | final answer | answer | verdict |
 *      determination | label | prediction | response" followed by ":" / "=" / "is" and True/False;
 *   5. the answer starts with True/False (or Yes/No when that is the whole answer);
 *   6. the last non-empty line is just True/False with decoration;
 *   7. exactly one of the words true / false occurs outside the option list the prompt itself spells
 *      out ("True or False", "'True' [High Confidence]" echoes are removed first); "not true" /
 *      "not false" are read as the opposite;
 *   otherwise unparseable ('ambiguous' when both occur, 'no-verdict' when neither does).
 *
 * Nothing is guessed: an answer that fails every rule has verdict null and is counted by callers.
 * Confidence: "[High Confidence]", "(low confidence)", "Confidence: High", "[High]", "high-confidence"
 * -> 'high' | 'low'; other levels (medium, moderate...) are kept in `confidenceRaw` with confidence null.
 */

export type Confidence = 'high' | 'low';

export type VerdictRule = 'json' | 'labelled' | 'leading' | 'last-line' | 'single-mention';

export interface ParsedVerdict {
  /** true = the statement is judged factual; null = unparseable */
  verdict: boolean | null;
  confidence: Confidence | null;
  /** a confidence level other than high/low, as written (e.g. 'medium') */
  confidenceRaw?: string;
  /** which rule read the verdict, or why none did */
  via: VerdictRule | 'empty' | 'ambiguous' | 'no-verdict';
}

const WORD_TRUE = /^(?:true|yes|correct|factual)$/i;

function withoutReasoning(text: string): string {
  return text
    .replace(/<think>[\s\S]*?<\/think>/gi, ' ')
    .replace(/<think>[\s\S]*$/i, ' '); // an unterminated reasoning block carries no final answer
}

function cleanup(text: string): string {
  return text
    .replace(/[*_`#>]+/g, ' ')
    .replace(/[“”"‘’]/g, "'")
    .trim();
}

function boolOf(word: string): boolean {
  return WORD_TRUE.test(word);
}

function fromJson(text: string): boolean | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let obj: unknown;
  try {
    obj = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  if (typeof obj !== 'object' || obj === null) return null;
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    if (!/^(?:verdict|answer|label|result|prediction|factual|is_true|istrue)$/i.test(k)) continue;
    if (typeof v === 'boolean') return v;
    if (typeof v === 'string') {
      const m = /^\s*\W*(true|false)\b/i.exec(v);
      if (m?.[1] !== undefined) return boolOf(m[1]);
    }
  }
  return null;
}

const LABELLED =
  /\b(?:conclusion|final\s+answer|final\s+verdict|answer|verdict|determination|label|prediction|response|classification)\b(?:\s*[\])]\s*(?::|=|-|->)?|\s*(?::|=|-|is\b|->))\s*\W{0,3}\s*(true|false)\b/gi;

function fromLabelled(text: string): boolean | null {
  let last: string | undefined;
  for (const m of text.matchAll(LABELLED)) last = m[1];
  return last === undefined ? null : boolOf(last);
}

function fromLeading(text: string): boolean | null {
  const m = /^[\s\W]*(true|false)\b/i.exec(text);
  if (m?.[1] !== undefined) return boolOf(m[1]);
  const yn = /^[\s\W]*(yes|no)[\s.!]*$/i.exec(text);
  if (yn?.[1] !== undefined) return boolOf(yn[1]);
  return null;
}

function fromLastLine(text: string): boolean | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  const last = lines[lines.length - 1];
  if (last === undefined) return null;
  const m = /^[\W]*(true|false)\b[^a-z]*(?:\b(?:high|low)\s*(?:confidence)?\b[^a-z]*)?$/i.exec(last);
  return m?.[1] !== undefined ? boolOf(m[1]) : null;
}

/** Removes the option list a model may echo from the prompt ("'True' or 'False'", "True [High Confidence] or ..."). */
function withoutEchoes(text: string): string {
  return text
    .replace(/\b(true|false)\b\s*'?\s*(?:\[[^\]]*\])?'?\s*(?:or|\/)\s*'?\b(true|false)\b/gi, ' ')
    .replace(/\btrue\s*\/\s*false\b/gi, ' ');
}

function fromSingleMention(text: string): { verdict: boolean | null; ambiguous: boolean } {
  const t = withoutEchoes(text);
  const found = new Set<boolean>();
  for (const m of t.matchAll(/\b(not\s+|n't\s+)?(true|false)\b/gi)) {
    const base = boolOf(m[2] ?? '');
    found.add(m[1] !== undefined ? !base : base);
  }
  if (found.size === 1) return { verdict: [...found][0] ?? null, ambiguous: false };
  return { verdict: null, ambiguous: found.size > 1 };
}

function confidenceOf(text: string): { confidence: Confidence | null; raw?: string } {
  const patterns = [
    /\b(high|low|medium|moderate|very\s+high|very\s+low)[\s-]*confidence\b/i,
    /\bconfidence(?:\s+level)?\W{0,4}(?:is\s+)?\W{0,2}(high|low|medium|moderate|very\s+high|very\s+low)\b/i,
    /\[\s*(high|low|medium|moderate)\s*\]/i,
  ];
  for (const re of patterns) {
    const m = re.exec(text);
    const level = m?.[1]?.toLowerCase().replace(/\s+/g, ' ');
    if (level === undefined) continue;
    if (level === 'high' || level === 'very high') return { confidence: 'high' };
    if (level === 'low' || level === 'very low') return { confidence: 'low' };
    return { confidence: null, raw: level };
  }
  return { confidence: null };
}

export function parseVerdict(answer: string): ParsedVerdict {
  const raw = withoutReasoning(answer);
  const text = cleanup(raw);
  if (text === '') return { verdict: null, confidence: null, via: 'empty' };
  const conf = confidenceOf(text);
  const done = (verdict: boolean | null, via: ParsedVerdict['via']): ParsedVerdict => {
    const out: ParsedVerdict = { verdict, confidence: conf.confidence, via };
    if (conf.raw !== undefined) out.confidenceRaw = conf.raw;
    return out;
  };
  const json = fromJson(raw);
  if (json !== null) return done(json, 'json');
  const labelled = fromLabelled(text);
  if (labelled !== null) return done(labelled, 'labelled');
  const leading = fromLeading(text);
  if (leading !== null) return done(leading, 'leading');
  const lastLine = fromLastLine(text);
  if (lastLine !== null) return done(lastLine, 'last-line');
  const single = fromSingleMention(text);
  if (single.verdict !== null) return done(single.verdict, 'single-mention');
  return done(null, single.ambiguous ? 'ambiguous' : 'no-verdict');
}
