import { createHash } from 'node:crypto';
import type { Framing } from '../../core/types.js';
import type { FramingJudge } from '../types.js';
import { FEATURE_NAMES, framingFeatures, type FeatureName } from './features.js';
import { FITTED_FRAMING_MODEL } from './fitted-params.js';
import { assertModelShape, MODEL_CLASSES, modelProbabilities, standardise, type FramingModel } from './model.js';
import { vader, type Vader } from './vader.js';

/** Bump when features, VADER handling or the decision rule change; the +hash follows the numbers. */
const CODE_VERSION = '1.0.0';

export interface OfflineFramingOptions {
  /** fitted model; default the committed FITTED_FRAMING_MODEL */
  model?: FramingModel;
  /** VADER analyser; default VADER 3.3.2 on the npm lexicon + 3.3.2 patch */
  analyzer?: Vader;
}

export interface FramingExplanation {
  framing: Framing;
  probabilities: Record<Framing, number>;
  features: Record<FeatureName, number>;
}

/**
 * Offline framing judge: sentence-level VADER 3.3.2 features plus two small review-cue counts,
 * classified by a multinomial logistic model calibrated on star-rated reviews
 * (scripts/calibrate-framing.ts; docs/judges/framing-offline.md). No network, deterministic.
 * An empty or whitespace-only text is 'neutral'.
 */
export class OfflineFramingJudge implements FramingJudge {
  readonly id = 'offline-framing';
  readonly version: string;
  private readonly model: FramingModel;
  private readonly analyzer: Vader | undefined;

  constructor(opts: OfflineFramingOptions = {}) {
    this.model = opts.model ?? FITTED_FRAMING_MODEL;
    assertModelShape(this.model);
    this.analyzer = opts.analyzer;
    const hash = createHash('sha256').update(JSON.stringify(this.model)).digest('hex').slice(0, 8);
    this.version = `${CODE_VERSION}+${hash}`;
  }

  async classify(texts: readonly string[], opts: { signal?: AbortSignal } = {}): Promise<Framing[]> {
    const out: Framing[] = [];
    for (const text of texts) {
      opts.signal?.throwIfAborted();
      out.push(this.classifyOne(text));
    }
    return out;
  }

  classifyOne(text: string): Framing {
    return this.explain(text).framing;
  }

  /** The features, class probabilities and decision for one text. */
  explain(text: string): FramingExplanation {
    const x = framingFeatures(text, this.analyzer ?? vader());
    const features = Object.fromEntries(FEATURE_NAMES.map((n, j) => [n, x[j] as number])) as Record<FeatureName, number>;
    if (text.trim() === '') {
      return { framing: 'neutral', probabilities: { negative: 0, neutral: 1, positive: 0 }, features };
    }
    const p = modelProbabilities(this.model, standardise(x, this.model));
    let best = 0;
    for (let k = 1; k < 3; k++) if ((p[k] as number) > (p[best] as number)) best = k;
    return {
      framing: MODEL_CLASSES[best] as Framing,
      probabilities: { negative: p[0], neutral: p[1], positive: p[2] },
      features,
    };
  }
}

export function createOfflineFramingJudge(opts: OfflineFramingOptions = {}): OfflineFramingJudge {
  return new OfflineFramingJudge(opts);
}
