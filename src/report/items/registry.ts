import { stoppableSync } from '../../core/stoppable.js';
import { certaintyItems } from './certainty.js';
import { summaryOf } from './common.js';
import { framingItems } from './framing.js';
import { hallucinationItems } from './hallucination.js';
import { positionItems } from './position.js';
import { primacyItems } from './primacy.js';
import type { ItemDetail, ItemInput, ItemSummary, ItemViewer } from './types.js';
import { wildframeItems } from './wildframe.js';

const VIEWERS: Record<string, ItemViewer> = {
  framing: framingItems,
  primacy: primacyItems,
  position: positionItems,
  certainty: certaintyItems,
  hallucination: hallucinationItems,
  wildframe: wildframeItems,
};

/** A probe this slant does not know still lists its items (the raw measurement as one section). */
const fallback: ItemViewer = {
  summary: (input) => summaryOf(input, [], []),
  detail: (input) => ({ ...summaryOf(input, [], []), texts: [], sections: [{ title: 'measurement', text: JSON.stringify(input.measurement, null, 2) }] }),
};

/** An item's summary; a measurement its viewer cannot read is shown raw instead of failing the page. */
export function itemSummary(input: ItemInput): ItemSummary {
  try {
    return (VIEWERS[input.probe] ?? fallback).summary(input);
  } catch {
    return fallback.summary(input);
  }
}

export function itemDetail(input: ItemInput): ItemDetail {
  // an item of a long record is cut into sentences and mapped in one synchronous stretch: a
  // signal must still end it (src/core/stoppable.ts)
  return stoppableSync(textChars(input.fields) + textChars(input.output?.text) + textChars(input.output?.fields), () => {
    try {
      return (VIEWERS[input.probe] ?? fallback).detail(input);
    } catch {
      return fallback.detail(input);
    }
  });
}

/** Characters of the strings in a value, its arrays and its object's values (one level down). */
function textChars(v: unknown, depth = 0): number {
  if (typeof v === 'string') return v.length;
  if (depth > 1 || v === null || typeof v !== 'object') return 0;
  let n = 0;
  for (const x of Array.isArray(v) ? v : Object.values(v)) n += textChars(x, depth + 1);
  return n;
}
