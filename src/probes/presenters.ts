import type { Presentation } from '../results/presentation.js';
import type { GroupResultJson } from '../results/schema.js';
import { presentCertainty } from './certainty/present.js';
import { presentFraming } from './framing/present.js';
import { presentHallucination } from './hallucination/present.js';
import { presentPosition } from './position/present.js';
import { presentPrimacy } from './primacy/present.js';
import { presentWildframe } from './wildframe/present.js';
import type { ProbeName } from './names.js';

/**
 * What the report shows for one group of each probe (`Probe.present`), without loading the probes'
 * measuring code (`slant report` and the terminal tables after a run need only these).
 * A test checks each is the probe's own `present`.
 */
export const PRESENTERS: Record<ProbeName, (group: GroupResultJson) => Presentation> = {
  framing: presentFraming,
  primacy: presentPrimacy,
  position: presentPosition,
  wildframe: presentWildframe,
  certainty: presentCertainty,
  hallucination: presentHallucination,
};

/** The presenter of a probe by name; undefined for a probe this slant does not know (results from a newer version). */
export const presenterOf = (name: string): ((group: GroupResultJson) => Presentation) | undefined => (Object.hasOwn(PRESENTERS, name) ? PRESENTERS[name as ProbeName] : undefined);
