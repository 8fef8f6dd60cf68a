import type { SlantConfig } from './schema.js';
import { parseConfig } from './load.js';
import explanation from './demo-explanation.json' with { type: 'json' };

/** What the demo measures and why its two systems differ: printed before it runs, and at the top of its report.html. */
export const DEMO_EXPLANATION: { title: string; lines: string[] } = explanation;

/** The built-in demo: two reference summarizers × two demo corpora × framing and primacy, offline. */
export function demoConfig(overrides: { store?: string; reports?: string; limit?: number } = {}): SlantConfig {
  const limit = overrides.limit;
  return parseConfig(
    {
      store: overrides.store ?? '.slant/slant.db',
      reports: overrides.reports ?? '.slant/reports',
      models: [{ id: 'builtin:lead-3' }, { id: 'builtin:textrank' }],
      datasets: [
        { name: 'demo-reviews', builtin: 'demo-reviews', ...(limit ? { limit } : {}) },
        { name: 'demo-interviews', builtin: 'demo-interviews', ...(limit ? { limit } : {}) },
      ],
      probes: [{ name: 'framing' }, { name: 'primacy', options: { alpha: 0.05, split: 'words' } }],
      judges: { framing: 'offline', embedder: 'tfidf' },
    },
    'built-in demo config',
  );
}
