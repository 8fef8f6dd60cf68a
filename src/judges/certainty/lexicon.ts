/**
 * A curated inventory of English epistemic markers for the offline certainty comparator, written
 * for slant from general linguistic knowledge (the hedge/booster categories of Hyland 1998 and
 * 2005, the causal-claim scale of Sumner et al. 2014 / Yu et al. 2019 — correlational, conditional
 * causal, direct causal — and the radiology certainty phrases discussed by Shinagare et al. 2019).
 * No third-party word list is copied. Weights for each category are fitted by
 * scripts/fit-certainty-weights.ts and live in offline-fitted-weights.json.
 */

export type MarkerCategory =
  | 'modal_hedge'
  | 'can'
  | 'hedge_adverb'
  | 'hedge_adjective'
  | 'hedge_verb'
  | 'cognitive_verb'
  | 'attribution'
  | 'conditional'
  | 'approximator'
  | 'booster_adverb'
  | 'booster_verb'
  | 'booster_adjective'
  | 'correlational'
  | 'causal_noun'
  | 'radiology_hedge'
  | 'radiology_weak'
  | 'radiology_strong'
  | 'negated_certainty'
  | 'novelty';

/** Regular inflections of an English verb lemma (3sg, past/participle, gerund), plus extra forms. */
function verbForms(lemma: string, extra: readonly string[] = []): string[] {
  const out = new Set<string>([lemma, ...extra]);
  const consonantY = /[^aeiou]y$/.test(lemma);
  if (consonantY) {
    const stem = lemma.slice(0, -1);
    out.add(`${stem}ies`).add(`${stem}ied`).add(`${lemma}ing`);
  } else if (lemma.endsWith('e')) {
    out.add(`${lemma}s`).add(`${lemma}d`).add(`${lemma.slice(0, -1)}ing`);
  } else if (/(s|sh|ch|x|z)$/.test(lemma)) {
    out.add(`${lemma}es`).add(`${lemma}ed`).add(`${lemma}ing`);
  } else {
    out.add(`${lemma}s`).add(`${lemma}ed`).add(`${lemma}ing`);
  }
  return [...out];
}

const verbs = (lemmas: string, irregular: Record<string, string[]> = {}): string[] =>
  lemmas
    .split(/\s*,\s*/)
    .filter(Boolean)
    .flatMap((l) => {
      const [head, ...rest] = l.split(' ');
      if (!head) return [];
      const tail = rest.length ? ` ${rest.join(' ')}` : '';
      return verbForms(head, irregular[head] ?? []).map((f) => f + tail);
    });

const list = (s: string): string[] => s.split(/\s*,\s*/).filter(Boolean);

/** Phrases (lowercase, space-separated words) by category. */
export const MARKERS: Record<MarkerCategory, string[]> = {
  modal_hedge: list('may, might, could, would, may not, might not, could not, should'),
  can: list('can, cannot, can not'),
  hedge_adverb: list(
    'possibly, perhaps, probably, likely, unlikely, potentially, presumably, apparently, seemingly, maybe, conceivably, plausibly, arguably, ostensibly, supposedly, tentatively, partly, partially, somewhat, to some extent, in part, in some cases, it is possible that, it is likely that, more likely',
  ),
  hedge_adjective: list(
    'possible, possibility, potential, probable, plausible, uncertain, uncertainty, unclear, questionable, tentative, preliminary, putative, suggestive, hypothetical, speculative, promising, hope, hopes, may be, could be, appears to be, seems to be',
  ),
  hedge_verb: [
    ...verbs('suggest, indicate, appear, seem, imply, hint, point to, tend, support, contribute'),
    'is consistent with',
    'are consistent with',
    'in line with',
  ],
  cognitive_verb: verbs('believe, think, suspect, speculate, hypothesize, hypothesise, assume, propose, estimate, expect, predict, argue, postulate, feel, guess', {
    think: ['thought'],
    feel: ['felt'],
  }),
  attribution: [
    'according to',
    'reportedly',
    'allegedly',
    ...verbs('report, claim, say, note, state, warn', { say: ['said'] }),
    'researchers',
    'scientists',
    'experts',
    'authors',
    'study',
    'studies',
  ],
  conditional: list('if, unless, whether, provided that, as long as, assuming, in theory'),
  approximator: list('about, approximately, around, roughly, nearly, almost, generally, largely, mostly, usually, often, sometimes, typically, relatively, fairly, quite, some, several, many'),
  booster_adverb: list(
    'clearly, definitely, certainly, undoubtedly, undeniably, conclusively, definitively, decisively, strongly, significantly, markedly, substantially, dramatically, considerably, greatly, highly, always, never, indeed, obviously, evidently, surely, truly, directly, unequivocally, without doubt, of course, in fact, particularly, especially, remarkably, vastly, far, much',
  ),
  booster_verb: verbs('demonstrate, prove, show, confirm, establish, reveal, find, discover, determine, verify, ensure, guarantee, underscore, highlight', {
    prove: ['proven'],
    show: ['shown'],
    find: ['found'],
  }),
  booster_adjective: list(
    'clear, definite, definitive, conclusive, strong, robust, compelling, convincing, established, well established, known, certain, undeniable, unequivocal, key, major, crucial, critical, essential, significant, substantial, dramatic, powerful, important, first, breakthrough, fact, evidence, proof',
  ),
  correlational: [
    ...list(
      'associated with, association, associations, linked to, linked with, link between, links between, link, correlated, correlation, correlations, correlates, related to, relationship, relationships, connected to, connected with, connection between, tied to, coincide, coincided, more likely to, less likely to, higher risk, lower risk, increased risk, reduced risk, greater risk, at risk, risk of, odds, predictor, predictors, predicted, predicts, predictive, trend, tend to',
    ),
  ],
  causal_noun: list('effect, effects, impact, impacts, benefit, benefits, beneficial, effective, effectiveness, efficacy, efficacious, due to, because of, as a result, responsible for, role in, caused by, the cause, consequence, consequences, harmful, protective, works, work, mediate, mediates, mediated, key to, reason for, reason, driver, drivers, determinant, underlies, underlying, contributes to, contribute to, contribution to, interferes, predisposes, causes, risk factor, safe, safer, successful, useful, improvement, reduction, protection, prevention'),
  radiology_hedge: list(
    'cannot exclude, cannot be excluded, can not be excluded, not excluded, cannot be ruled out, not be ruled out, difficult to exclude, hard to exclude, cannot be entirely excluded, may represent, could represent, may reflect, could reflect, may be due to, could be due to, differential, differential diagnosis, versus, vs, and/or, either, questionable, equivocal, indeterminate, nonspecific, cannot be differentiated, if any, if real, suspected, concerning for, suspicious for, worrisome for, suggestive of, question of, possibility of, not well visualized, obscured, limited',
  ),
  radiology_weak: list('less likely, doubtful, not likely'),
  radiology_strong: list('consistent with, compatible with, diagnostic of, characteristic of, most consistent with, most likely, likely represents, probably represents, represents, represent, no evidence of, no, without, there is, there are, demonstrates, is seen, are seen, is noted, are noted'),
  negated_certainty: list('not clear, not known, not certain, not yet known, remains unclear, remain unclear, remains unknown, is unknown, no clear, no conclusive, no definitive, not necessarily, not fully, yet to be'),
  novelty: list('new, novel, first time, for the first time'),
};

/** Verbs that state a causal relation (Sumner et al.'s "can cause" / "causes" levels). */
export const CAUSAL_VERBS: string[] = verbs(
  'cause, lead to, result in, increase, reduce, decrease, improve, prevent, boost, lower, raise, protect, trigger, drive, affect, influence, halve, double, enhance, worsen, promote, inhibit, block, slow, stop, eliminate, reverse, alter, change, help, induce, suppress, accelerate, delay, damage, harm, kill, treat, cure, shrink, stimulate, impair, elevate, lessen, diminish, limit, make, prolong, restore, extend, save, spur, fuel, curb, ease, relieve, alleviate, strengthen, weaken, protect against',
  { lead: ['led'], drive: ['drove', 'driven'], make: ['made'], cut: ['cut'], slow: [], stop: ['stopped', 'stopping'], shrink: ['shrank', 'shrunk'] },
).concat(['cut', 'cuts', 'cutting']);

/** Words after a past participle that make it an adjective ("increased risk"), not a claim verb. */
export const ADJECTIVAL_HEADS = new Set(
  list('risk, risks, levels, level, rates, rate, odds, incidence, likelihood, chance, chances, probability, prevalence, mortality, expression, activity, numbers, number, amounts, amount, concentrations, concentration, use, intake, exposure, scores, score, sensitivity, susceptibility, frequency, severity, ability, capacity, function, blood, body, weight'),
);

/** Words within a short window before a causal verb that make the claim conditional ("may reduce"). */
export const CONDITIONAL_TRIGGERS = new Set(
  list(
    'may, might, could, can, would, possibly, potentially, probably, likely, perhaps, appear, appears, appeared, seem, seems, seemed, suggest, suggests, suggested, suggesting, help, helps, tend, tends, possible, potential, putative, plausible, hypothesis, hypothesize, hypothesized, indicate, indicates, indicated, implies, imply, implicated, speculate, think, believe, believed, thought, if, whether, may be, could be, hint, hints',
  ),
);
