export { createBuiltinModel, BUILTIN_MODEL_IDS } from './create.js';
export { LeadModel, leadK } from './lead.js';
export { TextRankModel, textRank, textRankSummary, type TextRankResult } from './textrank.js';
export { pageRank, type PageRankOptions, type PageRankResult } from './pagerank.js';
