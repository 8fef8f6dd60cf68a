import { defineProbe } from '../manifest.js';

/** The primacy probe's definition: its code, presenter and item view, each loaded on first use. */
export const primacyManifest = defineProbe({
  name: 'primacy',
  load: async () => (await import('./index.js')).primacyProbe,
  present: async () => (await import('./present.js')).presentPrimacy,
  items: async () => (await import('./items.js')).primacyItems,
});
