import type { AnnotationData } from '../annotation.js';
import { defineProbe } from '../manifest.js';
import annotation from './annotation.json' with { type: 'json' };
import { wildframeFormat } from './format.js';

/** The wildframe probe's definition: its code, presenter and item view, each loaded on first use. */
export const wildframeManifest = defineProbe({
  name: 'wildframe',
  load: async () => (await import('./index.js')).wildframeProbe,
  annotation: { ...(annotation as AnnotationData), load: async () => (await import('./annotation.js')).wildframeAnnotation },
  present: async () => (await import('./present.js')).presentWildframe,
  formats: [wildframeFormat],
  items: async () => (await import('./items.js')).wildframeItems,
});
