import { defineProbe } from '../manifest.js';
import type { ProbeField } from '../types.js';
import fields from './fields.json' with { type: 'json' };
import { summevalFormat } from './summeval-format.js';

/** The position probe's definition: its code, presenter and item view, each loaded on first use. */
export const positionManifest = defineProbe({
  name: 'position',
  fields: fields as ProbeField[],
  load: async () => (await import('./index.js')).positionProbe,
  present: async () => (await import('./present.js')).presentPosition,
  formats: [summevalFormat],
  items: async () => (await import('./items.js')).positionItems,
  paperTables: async () => (await import('./paper-tables.js')).positionPaperTables,
  legacyOptions: (o) => (o.rolePlay === true ? [{ option: 'rolePlay', value: 'true', mitigation: 'role-play' }] : []),
});
