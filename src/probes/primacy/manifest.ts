import { defineProbe } from '../manifest.js';
import type { ProbeField } from '../types.js';
import fields from './fields.json' with { type: 'json' };

/** The primacy probe's definition: its code, presenter and item view, each loaded on first use. */
export const primacyManifest = defineProbe({
  name: 'primacy',
  fields: fields as ProbeField[],
  load: async () => (await import('./index.js')).primacyProbe,
  present: async () => (await import('./present.js')).presentPrimacy,
  items: async () => (await import('./items.js')).primacyItems,
});
