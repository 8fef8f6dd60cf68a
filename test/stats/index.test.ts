import { describe, expect, it } from 'vitest';
import * as stats from '../../src/stats/index.js';

describe('src/stats/index.ts', () => {
  it('re-exports every public function of the statistics layer', () => {
    const names = [
      'createRng', 'shuffleInPlace', 'sampleWithoutReplacement',
      'wilsonInterval', 'clopperPearsonInterval', 'proportionMetric',
      'mean', 'sd', 'variance', 'tInterval', 'meanMetric',
      'bootstrapInterval', 'bootstrapMeanOfGroupMeans', 'bootstrapMeanInterval',
      'pairedTTest', 'oneSampleTTest', 'welchTTest',
      'pearson', 'chiSquareIndependence', 'mcnemar',
      'confusionMatrix', 'accuracy', 'balancedAccuracy', 'perClassRecall',
      'kendallTauB', 'krippendorffAlpha', 'fleissKappa', 'cohenKappa', 'weightedCohenKappa',
      'fitBradleyTerryTies', 'quantile', 'median', 'normalCdf', 'tCdf', 'chiSquareSf',
      'spearman', 'wassersteinDistance',
    ];
    const exported = stats as unknown as Record<string, unknown>;
    for (const name of names) expect(typeof exported[name], name).toBe('function');
  });
});
