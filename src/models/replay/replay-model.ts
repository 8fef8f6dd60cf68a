/**
 * `replay:<file>[#<model>]`: answers with recorded outputs instead of calling a model, keyed by
 * `req.task.recordId`. The file is JSON Lines, one object per line, either `{id, output}` or
 * `{record_id, model, output}`; `#<model>` picks one model's rows from a multi-model file.
 * The instrument version is a hash of the file, so a changed file never reuses cached results.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { InputError, UserError } from '../../core/errors.js';
import { NO_CAPABILITIES, type GenerateRequest, type GenerateResult, type LanguageModel } from '../types.js';
import { checkParams, PARAM_KEYS, type ParamKey } from '../warnings.js';

const IGNORED: Partial<Record<ParamKey, string>> = Object.fromEntries(PARAM_KEYS.map((k) => [k, 'returns recorded outputs and applies no decoding setting']));

interface Row {
  id: string;
  model?: string;
  output: string;
  line: number;
}

function parseRows(file: string, text: string): Row[] {
  const rows: Row[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const loc = { file, line: i + 1 };
    let obj: unknown;
    try {
      obj = JSON.parse(raw);
    } catch {
      throw new InputError(loc, 'not valid JSON (expected one object per line: {"id": ..., "output": ...})');
    }
    if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new InputError(loc, 'expected a JSON object');
    const o = obj as Record<string, unknown>;
    const idRaw = o.id ?? o.record_id;
    if (typeof idRaw !== 'string' && typeof idRaw !== 'number') throw new InputError({ ...loc, field: 'id' }, 'missing "id" (or "record_id"): expected a string or number');
    if (typeof o.output !== 'string') throw new InputError({ ...loc, field: 'output' }, 'missing "output": expected a string');
    if (o.model !== undefined && typeof o.model !== 'string') throw new InputError({ ...loc, field: 'model' }, 'expected a string');
    rows.push({ id: String(idRaw), output: o.output, line: i + 1, ...(typeof o.model === 'string' ? { model: o.model } : {}) });
  }
  return rows;
}

/** Split "<file>#<model>" unless the whole string names an existing file. */
export function parseReplayId(rest: string): { file: string; model?: string } {
  const hash = rest.lastIndexOf('#');
  if (hash < 0 || existsSync(rest)) return { file: rest };
  return { file: rest.slice(0, hash), model: rest.slice(hash + 1) };
}

export class ReplayModel implements LanguageModel {
  readonly id: string;
  readonly version: string;
  readonly provider = 'replay';
  readonly capabilities = NO_CAPABILITIES;
  private readonly outputs = new Map<string, string>();
  private readonly file: string;

  constructor(rest: string) {
    const { file, model } = parseReplayId(rest);
    if (file.trim() === '') throw new UserError('replay: the model id needs a file, e.g. replay:outputs.jsonl');
    this.file = file;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UserError(`replay: cannot read ${file}: ${(err as Error).message}`, { cause: err });
    }
    this.id = `replay:${rest}`;
    this.version = `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    let rows = parseRows(file, text);
    const models = [...new Set(rows.map((r) => r.model).filter((m): m is string => m !== undefined))];
    if (model !== undefined) {
      if (!models.includes(model)) throw new UserError(`replay: ${file} has no rows for model "${model}" (models in the file: ${models.join(', ') || 'none'})`);
      rows = rows.filter((r) => r.model === model);
    }
    const seen = new Map<string, Row>();
    for (const r of rows) {
      const prev = seen.get(r.id);
      if (prev !== undefined) {
        const several = model === undefined && models.length > 1;
        throw new InputError(
          { file, line: r.line, field: 'id' },
          `record "${r.id}" appears again (first on line ${prev.line})${several ? `; the file holds several models (${models.join(', ')}): pick one with replay:${file}#<model>` : ''}`,
        );
      }
      seen.set(r.id, r);
      this.outputs.set(r.id, r.output);
    }
  }

  get size(): number {
    return this.outputs.size;
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const id = req.task?.recordId;
    if (id === undefined) throw new UserError(`replay: ${this.file}: the request carries no task.recordId, so there is nothing to look up`);
    const text = this.outputs.get(id);
    if (text === undefined) throw new UserError(`replay: ${this.file} has no output for record "${id}"`, { hint: 'Record outputs for every record of the dataset, or filter the dataset.' });
    return { text, warnings: checkParams('replay', this.capabilities, req.params, { unsupported: IGNORED }), cached: false };
  }
}
