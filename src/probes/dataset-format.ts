import type { SourceLocation } from '../core/errors.js';
import type { ReadStats } from '../data/types.js';

/** The keys of a dataset entry (slant.yaml `datasets[]`) a format reads. */
export interface FormatEntry {
  name: string;
  path?: string;
  format?: string;
  humans?: string;
  limit?: number;
  allowEmpty?: boolean;
}

/** What a format's reader gives the pipeline: the dataset's records, streamed once, and what was read. */
export interface FormatSource {
  name: string;
  file?: string;
  allowEmpty?: boolean;
  records(): AsyncIterable<{ id: string; fields: Record<string, unknown>; location: SourceLocation }>;
  stats(): { read: number; skipped: number; problems: ReadStats['problems'] };
}

/**
 * An input format a probe brings with it (SummEval's JSON for position, the WildFrame release for
 * wildframe), beside the data layer's JSONL/CSV/Parquet/JSON records. The pipeline knows none by
 * name: it asks each registered format (src/probes/manifests.ts `datasetFormats`) whether a dataset
 * is in it, and reads it with the format's reader.
 */
export interface DatasetFormat {
  /** the name `datasets[].format` may give it (a format may also be recognised without one) */
  name: string;
  /** the canonical fields its records carry (probes bind to it by these) */
  fields: readonly string[];
  /** how a dataset in this format is named in notes and errors, e.g. "SummEval JSON" */
  describe(entry: FormatEntry): string;
  /** is this dataset in this format (named by `format`, or recognised from its file and keys)? */
  matches(entry: FormatEntry, file: string): Promise<boolean>;
  /**
   * The one probe its records are for, when they suit no other (WildFrame's statements and
   * framings): other probes do not read it, and `slant measure` runs that probe alone.
   */
  onlyFor?: { probe: string; records: string; files: string };
  /** the reader; `askModels`: `slant run`, where the models under test answer (recorded answers are dropped) */
  read(entry: FormatEntry, file: string, humans: string | undefined, opts: { askModels?: boolean }): FormatSource;
}
