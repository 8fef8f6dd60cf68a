/** slant's statistics layer: every metric carries n, an interval, and a test where the paper has one. */
export * from './rng.js';
export * from './distributions.js';
export * from './quantile.js';
export * from './mean.js';
export * from './proportion.js';
export * from './bootstrap.js';
export * from './ttest.js';
export * from './correlation.js';
export * from './chisquare.js';
export * from './classification.js';
export * from './kendall.js';
export * from './agreement.js';
export * from './bradley-terry.js';
export * from './spearman.js';
export * from './wasserstein.js';
export * from './paired.js';
