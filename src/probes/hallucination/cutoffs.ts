import { UserError } from '../../core/errors.js';

/**
 * Known training-data cutoffs. Keys are model names; a model id matches a key when the key,
 * normalised (lower case, letters and digits only), occurs in the normalised id; the longest
 * matching key wins, so `llama-3.2-3b-instruct` beats `llama-3`. Users extend or override the table
 * with `probes.hallucination.options.cutoffs`, whose keys are tried first, as exact model ids and
 * then by the same substring rule.
 *
 * Values are YYYY-MM (the whole month is before the cutoff) or YYYY-MM-DD (that day is the last one
 * before it).
 */
export interface CutoffEntry {
  cutoff: string;
  source: string;
}

export const KNOWN_CUTOFFS: Record<string, CutoffEntry> = {
  // seed 000, Appendix Table A2 (what the paper used; kept for parity)
  'llama-3-8b-instruct': { cutoff: '2023-03', source: 'seed 000 Table A2 (Meta model card: March 2023)' },
  'llama3-8b-instruct': { cutoff: '2023-03', source: 'seed 000 Table A2' },
  'llama3:8b': { cutoff: '2023-03', source: 'seed 000 Table A2 (Ollama tag)' },
  // the paper prints Oct 2024; Meta's Llama 3.2 model card says December 2023. Override in config if needed.
  'llama-3.2-3b-instruct': { cutoff: '2024-10', source: 'seed 000 Table A2 (model card: December 2023)' },
  'llama3.2:3b': { cutoff: '2024-10', source: 'seed 000 Table A2 (Ollama tag)' },
  'phi-3-mini-4k-instruct': { cutoff: '2023-10', source: 'seed 000 Table A2 (Microsoft model card: October 2023)' },
  'phi3:mini': { cutoff: '2023-10', source: 'seed 000 Table A2 (Ollama tag)' },
  // vendor documentation
  'gpt-3.5-turbo': { cutoff: '2021-09', source: 'OpenAI model documentation' },
  'gpt-4o': { cutoff: '2023-10', source: 'OpenAI model documentation' },
  'gpt-4o-mini': { cutoff: '2023-10', source: 'OpenAI model documentation' },
  'llama-3.1-8b-instruct': { cutoff: '2023-12', source: 'Meta model card' },
  'llama3.1:8b': { cutoff: '2023-12', source: 'Meta model card (Ollama tag)' },
};

const DATE_RE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;

/** True when YYYY-MM-DD names a day of the calendar (Date.parse rolls 2024-02-30 over to March 1 instead of refusing it). */
function isCalendarDay(ymd: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Throws a UserError unless `value` is YYYY-MM or YYYY-MM-DD with a valid month/day. */
export function checkCutoff(value: string, where: string): string {
  const m = DATE_RE.exec(value.trim());
  const month = m ? Number(m[2]) : 0;
  const ok = m !== null && month >= 1 && month <= 12 && (m[3] === undefined || isCalendarDay(value.trim()));
  if (!ok) throw new UserError(`${where}: knowledge cutoff "${value}" is not a date (expected YYYY-MM or YYYY-MM-DD)`);
  return value.trim();
}

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** The model's name without the provider and any base URL: "openai-compatible:http://h#m" -> "m". */
function modelName(id: string): string {
  const afterHash = id.includes('#') ? id.slice(id.lastIndexOf('#') + 1) : id;
  const m = /^[a-z][a-z0-9-]*:(.*)$/s.exec(afterHash);
  return m?.[1] !== undefined && !afterHash.startsWith('http') ? m[1] : afterHash;
}

function longestMatch(name: string, table: Record<string, string>): string | undefined {
  const n = norm(name);
  let best: { key: string; value: string } | undefined;
  for (const [key, value] of Object.entries(table)) {
    const k = norm(key);
    if (k !== '' && n.includes(k) && (best === undefined || k.length > norm(best.key).length)) best = { key, value };
  }
  return best?.value;
}

/**
 * The cutoff for a model id: user table (exact id, then substring), then KNOWN_CUTOFFS.
 * Returns undefined when unknown.
 */
export function resolveCutoff(modelId: string, userCutoffs: Record<string, string> = {}): { cutoff: string; source: string } | undefined {
  const exact = userCutoffs[modelId];
  if (exact !== undefined) return { cutoff: checkCutoff(exact, `cutoffs["${modelId}"]`), source: 'config' };
  const name = modelName(modelId);
  const user = longestMatch(name, userCutoffs);
  if (user !== undefined) return { cutoff: checkCutoff(user, `cutoffs for "${modelId}"`), source: 'config' };
  const builtin = longestMatch(name, Object.fromEntries(Object.entries(KNOWN_CUTOFFS).map(([k, v]) => [k, v.cutoff])));
  if (builtin === undefined) return undefined;
  const entry = Object.entries(KNOWN_CUTOFFS).find(([k, v]) => v.cutoff === builtin && norm(name).includes(norm(k)));
  return { cutoff: builtin, source: entry?.[1].source ?? 'built-in table' };
}

/** Last day before the cutoff boundary as YYYY-MM-DD: "2023-03" -> "2023-03-31". */
export function cutoffLastDay(cutoff: string): string {
  const m = DATE_RE.exec(cutoff);
  if (!m) throw new UserError(`knowledge cutoff "${cutoff}" is not a date (expected YYYY-MM or YYYY-MM-DD)`);
  if (m[3] !== undefined) return cutoff;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}`;
}

export type Period = 'pre' | 'post';

/**
 * 'pre' when the item's date (YYYY-MM-DD or an ISO timestamp; its UTC calendar day counts) is on or
 * before the cutoff's last day, 'post' after it.
 */
export function periodOf(date: string, cutoff: string): Period {
  const day = itemDay(date);
  return day <= cutoffLastDay(cutoff) ? 'pre' : 'post';
}

/** The UTC calendar day of a date string, YYYY-MM-DD; throws a UserError when not a date. */
export function itemDay(date: string): string {
  const d = date.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(d)) {
    if (isCalendarDay(d)) return d;
    throw new UserError(`"${date}" is not a date (expected YYYY-MM-DD or an ISO timestamp)`);
  }
  const t = Date.parse(d);
  if (Number.isNaN(t)) throw new UserError(`"${date}" is not a date (expected YYYY-MM-DD or an ISO timestamp)`);
  return new Date(t).toISOString().slice(0, 10);
}
