/**
 * The format names a command line or a config may give, without zod: `slant measure` and the
 * validate commands check `--format` against them before any schema is built (building the config
 * schema costs a command that reads no config 10–20 ms of its start).
 */

/** Formats the data layer reads (validate commands take these). */
export const DATA_FORMATS = ['jsonl', 'csv', 'tsv', 'parquet', 'json'] as const;

/** Input formats: the data layer's, plus SummEval's JSON (articles with references and every system's summary). */
export const INPUT_FORMAT_NAMES = [...DATA_FORMATS, 'summeval'] as const;
