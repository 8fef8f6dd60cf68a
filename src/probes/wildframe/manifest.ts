import type { AnnotationData } from '../annotation.js';
import { defineProbe } from '../manifest.js';
import type { ProbeField } from '../types.js';
import fields from './fields.json' with { type: 'json' };
import annotation from './annotation.json' with { type: 'json' };
import { wildframeFormat } from './format.js';

/** The wildframe probe's definition: its code, presenter and item view, each loaded on first use. */
export const wildframeManifest = defineProbe({
  name: 'wildframe',
  fields: fields as ProbeField[],
  load: async () => (await import('./index.js')).wildframeProbe,
  annotation: { ...(annotation as AnnotationData), load: async () => (await import('./annotation.js')).wildframeAnnotation },
  present: async () => (await import('./present.js')).presentWildframe,
  formats: [wildframeFormat],
  items: async () => (await import('./items.js')).wildframeItems,
});
