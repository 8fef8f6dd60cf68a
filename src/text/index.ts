export * from './sentences.js';
export * from './tokens.js';
export * from './tfidf.js';
export * from './vector.js';
export * from './thirds.js';
export * from './function-words.js';
