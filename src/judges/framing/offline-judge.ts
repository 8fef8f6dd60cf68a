import { stoppable } from '../../core/stoppable.js';
import type { Framing } from '../../core/types.js';
import type { JudgeCard } from '../card.js';
import type { FramingJudge } from '../types.js';
import { FEATURE_NAMES, framingFeatures, type FeatureName } from './features.js';
import { FITTED_FRAMING_MODEL } from './fitted-params.js';
import { offlineFramingVersion } from './judge-version.js';
import { assertModelShape, MODEL_CLASSES, modelProbabilities, standardise, type FramingModel } from './model.js';
import { ngramProbabilities, type NgramFramingModel } from './ngram-model.js';
import { SHIPPED_FRAMING_CARD, SHIPPED_FRAMING_MODEL } from './shipped.js';
import { vader, type Vader } from './vader.js';

export { offlineFramingVersion } from './judge-version.js';

export interface OfflineFramingOptions {
  /** fitted model; default the shipped one (ngram-model.json) */
  model?: FramingModel | NgramFramingModel;
  /** VADER analyser; default VADER 3.3.2 on the npm lexicon + 3.3.2 patch */
  analyzer?: Vader;
}

export interface FramingExplanation {
  framing: Framing;
  probabilities: Record<Framing, number>;
  features: Record<FeatureName, number>;
}

/**
 * Offline framing judge: word n-grams plus sentence-level VADER 3.3.2 features, classified by a
 * multinomial logistic model fitted on star-rated reviews and measured leave-one-source-out
 * (scripts/fit-framing.ts; docs/judges/framing-offline.md). The earlier VADER-features-only
 * models (FramingModel) still load. No network, deterministic. An empty or whitespace-only text
 * is 'neutral'. Carries its accuracy card when it runs the shipped model.
 */
export class OfflineFramingJudge implements FramingJudge {
  readonly id = 'offline-framing';
  readonly version: string;
  readonly card?: JudgeCard;
  private readonly model: FramingModel | NgramFramingModel;
  private readonly analyzer: Vader | undefined;

  constructor(opts: OfflineFramingOptions = {}) {
    this.model = opts.model ?? SHIPPED_FRAMING_MODEL ?? FITTED_FRAMING_MODEL;
    if (!isNgramModel(this.model)) assertModelShape(this.model);
    // models with sentence-encoder features are a fit-script experiment (docs/judges/framing-offline.md), not shipped
    else if (this.model.embedding) throw new Error(`the offline framing judge reads no ${this.model.embedding.embedder} embeddings; give it a model without an embedding part`);
    // extra dense features (scripts/fit-framing.ts --mixed 1) would silently read as 0 here
    else if (this.model.dense.mean.length !== FEATURE_NAMES.length) throw new Error(`the framing model has ${this.model.dense.mean.length} dense features; the offline framing judge computes the ${FEATURE_NAMES.length} features ${FEATURE_NAMES.join(', ')}`);
    this.analyzer = opts.analyzer;
    this.version = offlineFramingVersion(this.model);
    if (SHIPPED_FRAMING_CARD && SHIPPED_FRAMING_CARD.version === this.version) this.card = SHIPPED_FRAMING_CARD;
  }

  async classify(texts: readonly string[], opts: { signal?: AbortSignal } = {}): Promise<Framing[]> {
    const out: Framing[] = [];
    for (const text of texts) {
      opts.signal?.throwIfAborted();
      out.push(await stoppable(text.length, () => this.classifyOne(text), opts.signal));
    }
    return out;
  }

  classifyOne(text: string): Framing {
    return MODEL_CLASSES[this.decide(text).best] as Framing;
  }

  /** The features, class probabilities and decision for one text. */
  explain(text: string): FramingExplanation {
    const { x, p, best } = this.decide(text);
    return {
      framing: MODEL_CLASSES[best] as Framing,
      probabilities: { negative: p[0] as number, neutral: p[1] as number, positive: p[2] as number },
      features: Object.fromEntries(FEATURE_NAMES.map((n, j) => [n, x[j] as number])) as Record<FeatureName, number>,
    };
  }

  /** The feature vector, the class probabilities (MODEL_CLASSES order) and the index of the class decided. */
  private decide(text: string): { x: number[]; p: readonly number[]; best: number } {
    const analyzer = this.analyzer ?? vader();
    // one tokenisation serves the VADER features, the review cues and the n-grams
    const tok = analyzer.tokenize(text);
    const x = framingFeatures(text, analyzer, tok);
    if (text.trim() === '') return { x, p: [0, 1, 0], best: 1 };
    const p = isNgramModel(this.model) ? ngramProbabilities(this.model, text, x, undefined, tok) : modelProbabilities(this.model, standardise(x, this.model));
    let best = 0;
    for (let k = 1; k < 3; k++) if ((p[k] as number) > (p[best] as number)) best = k;
    return { x, p, best };
  }
}

const isNgramModel = (m: FramingModel | NgramFramingModel): m is NgramFramingModel => m.kind === 'ngram-logistic' || m.kind === 'ngram-ordinal';

export function createOfflineFramingJudge(opts: OfflineFramingOptions = {}): OfflineFramingJudge {
  return new OfflineFramingJudge(opts);
}
