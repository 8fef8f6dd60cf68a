/** Reads a fitted framing model file (e.g. an earlier ngram-model.json taken from git) for the check scripts. */
import { readFileSync } from 'node:fs';
import type { NgramFramingModel } from '../../src/judges/framing/ngram-model.js';

/** the numbers only, as src/judges/framing/shipped.ts loads them (the fit's `fittedOn` note is not part of the version hash) */
export function readFramingModel(file: string): NgramFramingModel {
  const { fittedOn: _note, ...model } = JSON.parse(readFileSync(file, 'utf8')) as NgramFramingModel & { fittedOn?: string };
  return model;
}
