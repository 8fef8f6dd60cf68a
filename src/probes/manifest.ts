import type { Presentation } from '../results/presentation.js';
import type { AnnotationKind } from './annotation.js';
import type { GroupResultJson } from '../results/schema.js';
import type { DatasetFormat } from './dataset-format.js';
import type { ItemViewer } from './item-view.js';
import type { PaperTables } from './paper-table.js';
import type { Probe } from './types.js';

// Probes are heterogeneous in record, measurement and option types; the runner treats them uniformly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProbe = Probe<any, any, any>;

/** What the report shows for one group of a probe's results. */
export type Presenter = (group: GroupResultJson) => Presentation;

/**
 * A probe's light definition: everything the rest of slant needs to know about a probe without
 * loading its measuring code. Each part is a loader, so the config schema, `--help` and the report
 * load only what they use: the probe for a run, the presenter for a report, the item view for the
 * viewer. One list of these (src/probes/manifests.ts) is the only place a built-in probe is named;
 * a plugin's probe is registered through the same shape (src/plugins/).
 */
export interface ProbeManifest<N extends string = string, P extends AnyProbe = AnyProbe> {
  name: N;
  /** the probe itself (record schema, measure, aggregate, …) */
  load(): Promise<P>;
  /** what the report shows for one group (default: the probe's own `present`, when it has one) */
  present?(): Promise<Presenter | undefined>;
  /** how the viewer and the report's item list show one measured item (default: the raw measurement) */
  items?(): Promise<ItemViewer>;
  /** input formats it brings (read by their own reader; each loads its code only for a dataset in it) */
  formats?: readonly DatasetFormat[];
  /** the tables its paper prints, laid out as printed (the report shows them by paper) */
  paperTables?(): Promise<PaperTables>;
  /**
   * Human labelling of its texts (`slant annotate create --kind <probe>`): the wording, scale and
   * attention checks (the folder's annotation.json) and, loaded on use, how a run's items become
   * study items (src/probes/annotation.ts). Absent: the probe has no study kind.
   */
  annotation?: AnnotationKind;
  /** options (as written in the config) that stand for a mitigation and predate `mitigations:` */
  legacyOptions?(options: Record<string, unknown>): LegacyOption[];
}

/**
 * A probe option that predates `mitigations:` and stands for a mitigation: it keeps working as
 * before (same prompts, same stored outputs), with a note naming the mitigation that replaces it.
 */
export interface LegacyOption {
  /** the option's name under `probes.<probe>.options` */
  option: string;
  value: string;
  mitigation: string;
}

/** A probe's manifest, typed by its name and probe (so `getProbe('framing')` keeps its types). */
export function defineProbe<const N extends string, P extends AnyProbe>(manifest: ProbeManifest<N, P>): ProbeManifest<N, P> {
  return manifest;
}
