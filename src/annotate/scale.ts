/**
 * What an annotator is asked in each kind of study, and which answers are valid: seed 004's pairwise
 * certainty scale (Text A / Text B, five points), seed 000's framing classes, WildFrame's
 * positive / negative sentiment. The wording lives in instructions.json.
 */
import texts from './instructions.json' with { type: 'json' };

export const STUDY_KINDS = ['certainty', 'framing', 'wildframe'] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];

export interface ScaleOption {
  /** stored value (certainty: the ordered answer −2..2 in A/B terms, −2 = Clearly A) */
  value: string;
  label: string;
  /** keyboard shortcut */
  key: string;
}

export interface KindText {
  title: string;
  instructions: string[];
  question: string;
  note: string;
  options: ScaleOption[];
  source: string;
}

const TEXTS = texts as Record<StudyKind, KindText>;

export function isStudyKind(v: string): v is StudyKind {
  return (STUDY_KINDS as readonly string[]).includes(v);
}

export function kindText(kind: StudyKind): KindText {
  return TEXTS[kind];
}

export function scaleValues(kind: StudyKind): string[] {
  return TEXTS[kind].options.map((o) => o.value);
}

export function isValidAnswer(kind: StudyKind, value: string): boolean {
  return scaleValues(kind).includes(value);
}

/** Which text a certainty item shows as Text A (as the judges' `Presentation`). */
export type Presentation = 'original-first' | 'modified-first';

/**
 * The value analysed: certainty answers become canonical (−2..2, positive = the rewrite is more
 * certain; seed 004 §3.1) by undoing the A/B order; labels of the other kinds are used as given.
 */
export function canonicalAnswer(kind: StudyKind, value: string, presentation: Presentation | null): string {
  if (kind !== 'certainty') return value;
  const n = Number(value);
  const c = presentation === 'modified-first' ? -n : n;
  return String(c === 0 ? 0 : c);
}

/** Numeric form for statistics: certainty −2..2; framing negative −1, neutral 0, positive 1; wildframe negative 0, positive 1. */
export function numericAnswer(kind: StudyKind, canonical: string): number {
  if (kind === 'certainty') return Number(canonical);
  if (canonical === 'positive') return 1;
  if (canonical === 'negative') return kind === 'framing' ? -1 : 0;
  return 0;
}
