import { defineProbe } from '../manifest.js';

/** The framing probe's definition: its code, presenter and item view, each loaded on first use. */
export const framingManifest = defineProbe({
  name: 'framing',
  load: async () => (await import('./index.js')).framingProbe,
  present: async () => (await import('./present.js')).presentFraming,
  items: async () => (await import('./items.js')).framingItems,
  paperTables: async () => (await import('./paper-tables.js')).framingPaperTables,
});
