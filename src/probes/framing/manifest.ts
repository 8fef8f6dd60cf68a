import type { AnnotationData } from '../annotation.js';
import { defineProbe } from '../manifest.js';
import annotation from './annotation.json' with { type: 'json' };

/** The framing probe's definition: its code, presenter and item view, each loaded on first use. */
export const framingManifest = defineProbe({
  name: 'framing',
  load: async () => (await import('./index.js')).framingProbe,
  annotation: { ...(annotation as AnnotationData), load: async () => (await import('./annotation.js')).framingAnnotation },
  present: async () => (await import('./present.js')).presentFraming,
  items: async () => (await import('./items.js')).framingItems,
  paperTables: async () => (await import('./paper-tables.js')).framingPaperTables,
});
