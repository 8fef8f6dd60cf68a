import { defineProbe } from '../manifest.js';
import { wildframeFormat } from './format.js';

/** The wildframe probe's definition: its code, presenter and item view, each loaded on first use. */
export const wildframeManifest = defineProbe({
  name: 'wildframe',
  load: async () => (await import('./index.js')).wildframeProbe,
  present: async () => (await import('./present.js')).presentWildframe,
  formats: [wildframeFormat],
  items: async () => (await import('./items.js')).wildframeItems,
});
