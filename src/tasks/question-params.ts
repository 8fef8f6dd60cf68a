import type { GenerateParams } from '../models/types.js';

/**
 * Decoding of the questions a probe puts to the model under test (fact-check, sentiment): only the
 * probe's own temperature / maxTokens when set (the run's generation defaults are for summaries),
 * then a mitigation's overrides.
 */
export function questionParams(options: { temperature?: number; maxTokens?: number }, overrides: GenerateParams | undefined): GenerateParams {
  const params: GenerateParams = {};
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (options.maxTokens !== undefined) params.maxTokens = options.maxTokens;
  return { ...params, ...overrides };
}
