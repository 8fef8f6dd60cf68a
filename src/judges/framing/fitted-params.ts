/**
 * Fitted parameters of the offline framing judge, kept as data in fitted-params.json (written by
 * scripts/calibrate-framing.ts --out; do not edit by hand): the model, and its provenance (data,
 * split, held-out figures; the review data itself is not in the repository).
 */
import fitted from './fitted-params.json' with { type: 'json' };
import type { FramingModel } from './model.js';

export const FITTED_FRAMING_MODEL: FramingModel = fitted.model as FramingModel;
