import { readFileSync } from 'node:fs';
import { parseJudgeCard, type JudgeCard } from '../card.js';

/**
 * The offline comparator's accuracy card (card.json, written by
 * `scripts/validate-certainty.ts --insciout …/insciout_test.jsonl --out-card`): its figures on
 * InSciOut test pairs, a file it was not fitted on.
 */
export const OFFLINE_CERTAINTY_CARD: JudgeCard = parseJudgeCard(JSON.parse(readFileSync(new URL('./card.json', import.meta.url), 'utf8')) as unknown, 'src/judges/certainty/card.json');
