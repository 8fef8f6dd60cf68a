import type { Framing } from '../../core/types.js';

/** Which of the two demo genres a document belongs to. */
type DemoKind = 'review' | 'interview';

/**
 * How the sentiment moves through a document.
 * - none: the tone stays the same from start to end;
 * - positive-to-negative: praise first, complaints or worries after;
 * - negative-to-positive: complaints or worries first, won over at the end;
 * - mixed: pros and cons (or good and bad news) interleaved throughout.
 */
type DemoTurn = 'none' | 'positive-to-negative' | 'negative-to-positive' | 'mixed';

/** One document of the built-in demo corpus (original text written for slant). */
export interface DemoDocument {
  readonly id: string;
  readonly kind: DemoKind;
  readonly title: string;
  readonly text: string;
  /** The overall framing a careful reader would assign to the whole text. */
  readonly intendedFraming: Framing;
  readonly turn: DemoTurn;
}
