import { INTERVIEWS_01_05 } from './interviews/interviews-01-05.js';
import { INTERVIEWS_06_10 } from './interviews/interviews-06-10.js';
import { INTERVIEWS_11_15 } from './interviews/interviews-11-15.js';
import { INTERVIEWS_16_20 } from './interviews/interviews-16-20.js';
import { REVIEWS_01_05 } from './reviews/reviews-01-05.js';
import { REVIEWS_06_10 } from './reviews/reviews-06-10.js';
import { REVIEWS_11_15 } from './reviews/reviews-11-15.js';
import { REVIEWS_16_20 } from './reviews/reviews-16-20.js';
import type { DemoDocument } from './types.js';

export type { DemoDocument, DemoKind, DemoTurn } from './types.js';

/** Names of the bundled demo datasets. */
export type DemoDatasetName = 'demo-reviews' | 'demo-interviews';

/** A named slice of the demo corpus. */
export interface DemoDataset {
  readonly name: DemoDatasetName;
  readonly documents: readonly DemoDocument[];
}

/**
 * Original product reviews written for slant (not taken from any dataset).
 * Many change sentiment inside the text, which is what framing-shift and primacy probes need.
 */
export const DEMO_REVIEWS: readonly DemoDocument[] = Object.freeze([
  ...REVIEWS_01_05,
  ...REVIEWS_06_10,
  ...REVIEWS_11_15,
  ...REVIEWS_16_20,
]);

/** Original news-interview transcripts (HOST and named guests) written for slant. */
export const DEMO_INTERVIEWS: readonly DemoDocument[] = Object.freeze([
  ...INTERVIEWS_01_05,
  ...INTERVIEWS_06_10,
  ...INTERVIEWS_11_15,
  ...INTERVIEWS_16_20,
]);

/** The whole demo corpus: reviews first, then interviews. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = Object.freeze([...DEMO_REVIEWS, ...DEMO_INTERVIEWS]);

/** The demo corpus split into the two datasets the demo reports on. */
export const DEMO_DATASETS: readonly DemoDataset[] = Object.freeze([
  Object.freeze({ name: 'demo-reviews', documents: DEMO_REVIEWS }),
  Object.freeze({ name: 'demo-interviews', documents: DEMO_INTERVIEWS }),
] as const satisfies readonly DemoDataset[]);
