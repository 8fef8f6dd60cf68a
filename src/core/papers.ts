/**
 * The papers behind slant's measurements, as a reader cites them ("Alessa et al. 2025, Table 1"),
 * never by the project's internal numbering. Report titles say what a table shows, then cite.
 */
import papers from './papers.json' with { type: 'json' };

export type PaperId = keyof typeof papers;

/** "Alessa et al. 2025, Table 1"; the paper alone without `where`. */
function cite(paper: PaperId, where?: string): string {
  const p = papers[paper].cite;
  return where ? `${p}, ${where}` : p;
}

/** A table or figure title: what it shows, then the paper ("Framing and primacy per model — Alessa et al. 2025, Table 1"). */
export function citedTitle(what: string, paper: PaperId, where?: string): string {
  return `${what} — ${cite(paper, where)}`;
}
