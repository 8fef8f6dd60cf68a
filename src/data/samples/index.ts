// the corpus is data, kept as JSON beside this module (original texts written for slant)
import interviews from './interviews.json' with { type: 'json' };
import reviews from './reviews.json' with { type: 'json' };
import type { DemoDocument } from './types.js';

export type { DemoDocument } from './types.js';

/** Names of the bundled demo datasets. */
type DemoDatasetName = 'demo-reviews' | 'demo-interviews';

/** A named slice of the demo corpus. */
interface DemoDataset {
  readonly name: DemoDatasetName;
  readonly documents: readonly DemoDocument[];
}

/**
 * Original product reviews written for slant (not taken from any dataset).
 * Many change sentiment inside the text, which is what framing-shift and primacy probes need.
 */
export const DEMO_REVIEWS: readonly DemoDocument[] = Object.freeze(reviews as DemoDocument[]);

/** Original news-interview transcripts (HOST and named guests) written for slant. */
export const DEMO_INTERVIEWS: readonly DemoDocument[] = Object.freeze(interviews as DemoDocument[]);

/** The whole demo corpus: reviews first, then interviews. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = Object.freeze([...DEMO_REVIEWS, ...DEMO_INTERVIEWS]);

/** The demo corpus split into the two datasets the demo reports on. */
export const DEMO_DATASETS: readonly DemoDataset[] = Object.freeze([
  Object.freeze({ name: 'demo-reviews', documents: DEMO_REVIEWS }),
  Object.freeze({ name: 'demo-interviews', documents: DEMO_INTERVIEWS }),
] as const satisfies readonly DemoDataset[]);
