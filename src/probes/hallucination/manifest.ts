import { parseFactcheckStrategy } from '../../tasks/factcheck-prompts.js';
import { defineProbe, type LegacyOption } from '../manifest.js';
import type { ProbeField } from '../types.js';
import fields from './fields.json' with { type: 'json' };

const FACTCHECK: Record<string, string> = { calibration: 'prompt-calibration', boundary: 'knowledge-boundary-awareness', epistemic: 'epistemic-tagging' };

/** A fact-check strategy other than the baseline is one of Table A7's mitigations. */
function legacyStrategy(o: Record<string, unknown>): LegacyOption[] {
  if (typeof o.strategy !== 'string' || o.strategy === 'baseline') return [];
  let id: string | undefined;
  try {
    id = FACTCHECK[parseFactcheckStrategy(o.strategy)];
  } catch {
    id = undefined; // the probe's own option check reports it
  }
  return id === undefined ? [] : [{ option: 'strategy', value: o.strategy, mitigation: id }];
}

/** The hallucination probe's definition: its code, presenter and item view, each loaded on first use. */
export const hallucinationManifest = defineProbe({
  name: 'hallucination',
  fields: fields as ProbeField[],
  load: async () => (await import('./index.js')).hallucinationProbe,
  present: async () => (await import('./present.js')).presentHallucination,
  items: async () => (await import('./items.js')).hallucinationItems,
  paperTables: async () => (await import('./paper-tables.js')).hallucinationPaperTables,
  legacyOptions: legacyStrategy,
});
