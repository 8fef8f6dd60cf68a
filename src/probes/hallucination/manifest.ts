import { defineProbe } from '../manifest.js';

/** The hallucination probe's definition: its code, presenter and item view, each loaded on first use. */
export const hallucinationManifest = defineProbe({
  name: 'hallucination',
  load: async () => (await import('./index.js')).hallucinationProbe,
  present: async () => (await import('./present.js')).presentHallucination,
  items: async () => (await import('./items.js')).hallucinationItems,
});
