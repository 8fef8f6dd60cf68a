import { defineProbe } from '../manifest.js';

/** The position probe's definition: its code, presenter and item view, each loaded on first use. */
export const positionManifest = defineProbe({
  name: 'position',
  load: async () => (await import('./index.js')).positionProbe,
  present: async () => (await import('./present.js')).presentPosition,
  items: async () => (await import('./items.js')).positionItems,
});
