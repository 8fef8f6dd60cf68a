import type { ZodType } from 'zod';
import type { SourceLocation } from '../core/errors.js';

export type { SourceLocation } from '../core/errors.js';

/** The input formats slant reads. */
export type InputFormat = 'jsonl' | 'csv' | 'tsv' | 'parquet' | 'json';

export interface ReadOptions {
  /** Format; by default taken from the file extension (see detectFormat). */
  format?: InputFormat;
  /** canonical field -> source field. Unmapped canonical fields use the source field of the same name. */
  fields?: Record<string, string>;
  /** canonical fields that must be non-empty strings */
  required?: string[];
  /** of the required fields, those that may also be a non-empty array of sentences (non-empty strings) */
  sentenceFields?: string[];
  /** canonical fields copied when present */
  optional?: string[];
  /** also copy unmapped source fields under their own names (default false) */
  keepAll?: boolean;
  /**
   * Source field that holds the id (default: the mapping of 'id', else 'id'). When the default 'id'
   * is absent the id is derived from content (see deriveRecordId). An idField given explicitly (or
   * through fields.id) must be present in every record.
   */
  idField?: string;
  /**
   * Ignore any id column and derive ids from content. Useful when the file's `id` column is not a
   * record id (datafiniti's `id` is the product id, repeated across reviews).
   */
  deriveIds?: boolean;
  /** optional validation of the canonical record `{ id, ...fields }`; its output becomes the fields */
  schema?: ZodType;
  /** go on past bad records, counting them in stats (default false: the first problem throws) */
  skipInvalid?: boolean;
  /**
   * What to do with a record whose id repeats an earlier one: 'error' (default; with skipInvalid it is
   * skipped and counted like any bad record) or 'skip' (drop it, counted in stats.skipped, without
   * skipInvalid's leniency for other problems). Derived ids repeat when two records have identical text.
   */
  duplicates?: 'error' | 'skip';
  /**
   * Ids must be unique only among records with the same value of this canonical field (e.g.
   * 'model': a long-format file holds one row per (item, model), so ids repeat across models).
   */
  uniqueWithin?: string;
  /** canonical fields a derived id is computed from (default: the required fields) */
  idFrom?: string[];
  /** stop after this many accepted records */
  limit?: number;
  /** the maximum record size in bytes for line-based formats (default 16 MiB, DEFAULT_MAX_RECORD_BYTES) */
  maxRecordBytes?: number;
}

/** One validated input record in canonical field names. */
export interface InputRecord {
  id: string;
  fields: Record<string, unknown>;
  /** where the record starts: JSONL/CSV `line` (1-based, physical); parquet/JSON `row` (1-based) */
  location: SourceLocation;
}

export interface ReadProblem {
  location: SourceLocation;
  message: string;
}

export interface ReadStats {
  /** records seen (blank JSONL/CSV lines are not records and are not counted) */
  read: number;
  /** records yielded */
  accepted: number;
  /** records skipped (skipInvalid, or duplicates: 'skip') */
  skipped: number;
  /** the first MAX_PROBLEMS problems; `skipped` counts all of them */
  problems: ReadProblem[];
}

/** How many problems ReadStats keeps (all are counted). */
export const MAX_PROBLEMS = 20;

/**
 * What a format reader yields: a source row (plain object) or a problem with one record that the
 * reader could not turn into a row (malformed JSON, invalid UTF-8, wrong column count...). Problems
 * that make the whole file unreadable are thrown instead.
 */
export type RawItem =
  | { kind: 'row'; value: Record<string, unknown>; location: SourceLocation; key?: string }
  | { kind: 'problem'; message: string; location: SourceLocation };
