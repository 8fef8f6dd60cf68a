/** Data input/output: streaming readers (JSONL, CSV, TSV, Parquet, JSON), field mapping, ids, writers. */
export type { InputFormat, InputRecord, ReadOptions, ReadProblem, ReadStats, RawItem, SourceLocation } from './types.js';
export { MAX_PROBLEMS } from './types.js';
export { detectFormat, isInputFormat, INPUT_FORMATS } from './detect-format.js';
export { parseFieldMappings, lookupField, sourceFieldFor } from './field-mapping.js';
export { canonicalJson, deriveRecordId } from './record-id.js';
export { RecordReader, readRecords, readAllRecords } from './read-records.js';
export { readJsonlStream, readJsonlFile } from './read-jsonl.js';
export { readDelimitedStream, readDelimitedFile, type CsvHeader, type DelimitedOptions } from './read-csv.js';
export { readParquetFile } from './parquet.js';
export { readJsonFile, MAX_JSON_BYTES } from './read-json.js';
export { checkSchema, textProblem } from './validate.js';
export { writeJsonl } from './write-jsonl.js';
export { writeCsv, csvField, neutraliseFormula, type WriteCsvOptions } from './write-csv.js';
export { countRecords } from './count-records.js';
