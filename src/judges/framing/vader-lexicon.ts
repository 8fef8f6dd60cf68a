import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { VADER_3_3_2_PATCH } from './vader-lexicon-patch.js';

/** token (lower case) -> mean valence */
export type VaderLexicon = ReadonlyMap<string, number>;

/**
 * Parses a vader_lexicon.txt body exactly like 3.3.2's `make_lex_dict`: lines split on '\n',
 * empty lines skipped, each line stripped and split on tabs, first column the token, second the
 * valence; a later duplicate overrides an earlier one.
 */
export function parseVaderLexicon(text: string, source = 'vader_lexicon.txt'): Map<string, number> {
  const lex = new Map<string, number>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const tab = line.indexOf('\t');
    const end = tab < 0 ? -1 : line.indexOf('\t', tab + 1);
    const measure = tab < 0 ? '' : line.slice(tab + 1, end < 0 ? undefined : end);
    const value = Number(measure);
    if (tab <= 0 || measure.trim() === '' || !Number.isFinite(value)) {
      throw new Error(`${source}, line ${i + 1}: expected "token<TAB>valence", got ${JSON.stringify(line.slice(0, 60))}`);
    }
    lex.set(line.slice(0, tab), value);
  }
  return lex;
}

/** Path of the lexicon file shipped by the npm package `vader-sentiment`. */
export function npmVaderLexiconPath(): string {
  return createRequire(import.meta.url).resolve('vader-sentiment/vader_lexicon.txt');
}

let cached: VaderLexicon | undefined;

/**
 * The VADER 3.3.2 lexicon: the npm `vader-sentiment` file plus the four-entry patch that brings
 * it to 3.3.2. Read once per process (lazy singleton); the repository holds no copy of it.
 */
export function vaderLexicon(): VaderLexicon {
  if (cached === undefined) {
    const lex = parseVaderLexicon(readFileSync(npmVaderLexiconPath(), 'utf8'), 'vader-sentiment/vader_lexicon.txt');
    for (const [token, value] of VADER_3_3_2_PATCH) lex.set(token, value);
    cached = lex;
  }
  return cached;
}
