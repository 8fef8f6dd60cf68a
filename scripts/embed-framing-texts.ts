/**
 * Embeds the framing judge's training reviews with the Universal Sentence Encoder lite (the optional
 * @energetic-ai packages, src/judges/embedders/use-embedder.ts) and caches the vectors on disk, so
 * that scripts/fit-framing.ts --embeddings FILE can try them as features. The cache holds derived
 * numbers of data that is not in the repository: keep it outside the repository (e.g. /tmp).
 *
 *   npx tsx scripts/embed-framing-texts.ts --datafiniti … --alexa … --blitzer-pos … --blitzer-neg … \
 *     --out /tmp/framing/use.json [--limit N]
 *
 * Each whole review is embedded once (batches of 16); the throughput is printed (texts/s).
 * An interrupted run keeps what it already embedded (--out is rewritten every 320 texts and resumed).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { UseEmbedder } from '../src/judges/embedders/use-embedder.js';
import { readReviewSources } from './lib/review-readers.js';

const o = new Command()
  .requiredOption('--datafiniti <csv>')
  .requiredOption('--alexa <tsv>')
  .requiredOption('--blitzer-pos <file>')
  .requiredOption('--blitzer-neg <file>')
  .requiredOption('--out <file>')
  .option('--limit <n>', 'embed only the first N reviews (a timing run)')
  .parse()
  .opts<{ datafiniti: string; alexa: string; blitzerPos: string; blitzerNeg: string; out: string; limit?: string }>();

const reviews = readReviewSources(o, new Map());
const texts = reviews.slice(0, o.limit ? Number(o.limit) : reviews.length).map((r) => r.text);
const done: number[][] = existsSync(o.out) ? (JSON.parse(readFileSync(o.out, 'utf8')) as { vectors: number[][] }).vectors : [];
const embedder = new UseEmbedder();
const t0 = Date.now();
const start = done.length;
for (let i = start; i < texts.length; i += 320) {
  const part = await embedder.embed(texts.slice(i, i + 320));
  for (const v of part) done.push(Array.from(v, (x) => Number(x.toFixed(5))));
  writeFileSync(o.out, JSON.stringify({ n: texts.length, vectors: done }));
  const s = (Date.now() - t0) / 1000;
  console.log(`${done.length}/${texts.length} embedded, ${((done.length - start) / s).toFixed(1)} texts/s`);
}
