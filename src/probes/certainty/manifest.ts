import type { AnnotationData } from '../annotation.js';
import { defineProbe } from '../manifest.js';
import annotation from './annotation.json' with { type: 'json' };

/** The certainty probe's definition: its code, presenter and item view, each loaded on first use. */
export const certaintyManifest = defineProbe({
  name: 'certainty',
  load: async () => (await import('./index.js')).certaintyProbe,
  annotation: { ...(annotation as AnnotationData), load: async () => (await import('./annotation.js')).certaintyAnnotation },
  present: async () => (await import('./present.js')).presentCertainty,
  items: async () => (await import('./items.js')).certaintyItems,
  paperTables: async () => (await import('./paper-tables.js')).certaintyPaperTables,
  legacyOptions: (o) => [
    ...(typeof o.intervention === 'string' && o.intervention !== 'none' ? [{ option: 'intervention', value: o.intervention, mitigation: o.intervention }] : []),
    ...(o.decoding === 'greedy' ? [{ option: 'decoding', value: 'greedy', mitigation: 'greedy-decoding' }] : []),
  ],
});
