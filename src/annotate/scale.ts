/**
 * What an annotator is asked in each kind of study, and which answers are valid. A study kind is a
 * probe with an `annotation` in its manifest (src/probes/annotation.ts): seed 004's pairwise
 * certainty scale (Text A / Text B, five points), seed 000's framing classes, WildFrame's
 * positive / negative sentiment, and any plugin probe's own. The wording lives in each probe's
 * annotation.json.
 */
import { UserError } from '../core/errors.js';
import { isPair, type AnnotationKind } from '../probes/annotation.js';
import { probeManifest, registeredProbeNames } from '../probes/manifests.js';

/** A study kind: the name of a probe that brings human labelling. */
export type StudyKind = string;

/** The study kinds known now, in the probes' order. */
export function studyKinds(): string[] {
  return registeredProbeNames().filter((name) => probeManifest(name)?.annotation !== undefined);
}

export function isStudyKind(v: string): boolean {
  return probeManifest(v)?.annotation !== undefined;
}

/** A kind's definition; a kind no registered probe brings is a user error naming the known ones. */
export function kindText(kind: StudyKind): AnnotationKind {
  const annotation = probeManifest(kind)?.annotation;
  if (annotation === undefined) {
    throw new UserError(`no probe brings a "${kind}" study kind; known: ${studyKinds().join(', ')}`, { hint: 'a study made with a plugin probe needs that plugin: load it with `plugins:` in slant.yaml' });
  }
  return annotation;
}

export function scaleValues(kind: StudyKind): string[] {
  return kindText(kind).options.map((o) => o.value);
}

export function isValidAnswer(kind: StudyKind, value: string): boolean {
  return scaleValues(kind).includes(value);
}

/** Which text a pair item shows as Text A (as the judges' `Presentation`): the first field, or the second. */
export type Presentation = 'original-first' | 'modified-first';

/** True when the kind's items are pairs shown in a drawn order. */
export const pairKind = (kind: StudyKind): boolean => isPair(kindText(kind));

/**
 * The value analysed: answers on a pair become canonical (positive = the second field, e.g.
 * certainty's rewrite, is more …; seed 004 §3.1) by undoing the A/B order; labels of the other
 * kinds are used as given.
 */
export function canonicalAnswer(kind: StudyKind, value: string, presentation: Presentation | null): string {
  if (!pairKind(kind)) return value;
  const n = Number(value);
  const c = presentation === 'modified-first' ? -n : n;
  return String(c === 0 ? 0 : c);
}

/** Numeric form for statistics: each option's score (certainty −2..2; framing negative −1, neutral 0, positive 1; wildframe negative 0, positive 1). */
export function numericAnswer(kind: StudyKind, canonical: string): number {
  return kindText(kind).options.find((o) => o.value === canonical)?.score ?? 0;
}
