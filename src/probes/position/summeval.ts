/**
 * Reader for the SummEval JSON as distributed with neulab/BARTScore (SUM/SummEval):
 * { [id]: { src, ref_summs: string[], ref_summ?, sys_summs: { [system]: { sys_summ, scores } } } }.
 * Each article becomes one position record with every reference and every system's summary.
 */
import { readFile } from 'node:fs/promises';
import { InputError, UserError } from '../../core/errors.js';
import type { PositionRecord } from './schema.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Convert parsed SummEval JSON into records; `file` names the source in error messages. */
export function summEvalRecords(data: unknown, file: string): PositionRecord[] {
  if (!isObject(data)) throw new InputError({ file }, 'expected a JSON object keyed by article id (SummEval format)');
  const out: PositionRecord[] = [];
  for (const [id, v] of Object.entries(data)) {
    const at = (field: string) => ({ file, field: `${id}.${field}` });
    if (!isObject(v)) throw new InputError(at(''), 'expected an object with src, ref_summs and sys_summs');
    if (typeof v.src !== 'string' || !v.src.trim()) throw new InputError(at('src'), 'expected the article text');
    let refs: unknown = v.ref_summs;
    if (refs === undefined && typeof v.ref_summ === 'string') refs = [v.ref_summ];
    if (!Array.isArray(refs) || refs.length === 0 || !refs.every((r) => typeof r === 'string' && r.trim())) {
      throw new InputError(at('ref_summs'), 'expected a non-empty array of reference summaries');
    }
    if (!isObject(v.sys_summs) || Object.keys(v.sys_summs).length === 0) throw new InputError(at('sys_summs'), 'expected { system: { sys_summ } }');
    const outputs: Record<string, string> = {};
    for (const [sys, s] of Object.entries(v.sys_summs)) {
      const text = isObject(s) ? s.sys_summ : undefined;
      if (typeof text !== 'string' || !text.trim()) throw new InputError(at(`sys_summs.${sys}.sys_summ`), 'expected a summary text');
      outputs[sys] = text;
    }
    out.push({ id, source: v.src, references: refs as string[], outputs });
  }
  return out;
}

export async function loadSummEval(path: string): Promise<PositionRecord[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as Error).message}`, { cause: e });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InputError({ file: path }, `not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  return summEvalRecords(data, path);
}
