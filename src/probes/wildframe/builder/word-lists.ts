/**
 * Word lists of WildFrame (Lior et al., seed 001), Appendix A "Word Lists", as printed (order and
 * spelling kept, including the appendix's misspellings and the two nouns among the positive verbs).
 * The SPIKE queries they feed (Appendix A "SPIKE Queries"):
 *   1. `:something :[pos/neg verbs]develops`
 *   2. `:something: [pos/neg adjectives]badly :[cause synonym]causes :something`
 */

export const POSITIVE_VERBS: readonly string[] = [
  'achieve', 'admire', 'affirm', 'appreciate', 'aspire', 'awe', 'bless', 'blossom', 'celebrate', 'cherish',
  'comfort', 'contribute', 'delight', 'donate', 'elevate', 'empower', 'enchant', 'encourage', 'energize', 'engage',
  'enjoy', 'enrich', 'enthuse', 'excel', 'fervor', 'flourish', 'fortify', 'glisten', 'glow', 'gratitude', 'grow',
  'harmonize', 'heal', 'illuminate', 'innovate', 'inspire', 'invigorate', 'laugh', 'learn', 'liberate', 'love',
  'motivate', 'nourish', 'nurture', 'praise', 'prosper', 'radiate', 'rally', 'refresh', 'rejoice', 'renew', 'revel',
  'revere', 'revitalize', 'savor', 'shine', 'smile', 'soar', 'spark', 'sparkle', 'stimulate', 'strengthen', 'succeed',
  'support', 'synergize', 'thrive', 'unite', 'uplift', 'volunteer', 'adore', 'amaze', 'boost', 'captivate', 'win',
];

export const NEGATIVE_VERBS: readonly string[] = [
  'abandon', 'abuse', 'accuse', 'alienate', 'begrudge', 'betray', 'bewilder', 'blame', 'collapse', 'complain',
  'condemn', 'confuse', 'contradict', 'criticize', 'decay', 'deceive', 'decline', 'defeat', 'demoralize', 'deny',
  'despair', 'destroy', 'deteriorate', 'devalue', 'discourage', 'discriminate', 'dishearten', 'dismantle', 'dismiss',
  'dissolve', 'doubt', 'exploit', 'fail', 'falter', 'fear', 'frustrate', 'grieve', 'harass', 'hate', 'hurt', 'ignore',
  'inhibit', 'intimidate', 'lose', 'mock', 'overlook', 'overwhelm', 'pollute', 'punish', 'regress', 'reject',
  'repress', 'resent', 'sabotage', 'shatter', 'sicken', 'stifle', 'suffer', 'suffocate', 'suppress', 'terrorize',
  'torment', 'undermine', 'violate', 'waste', 'weaken', 'whine', 'withdraw', 'withhold', 'worry',
];

export const POSITIVE_ADJECTIVES: readonly string[] = [
  'admirable', 'lucky', 'enjoyable', 'magnificent', 'enthusiastic', 'marvelous', 'euphoric', 'amazing', 'excellent',
  'exceptional', 'amused', 'excited', 'amusing', 'extraordinary', 'nice', 'noble', 'outstanding', 'appreciative',
  'fabulous', 'overjoyed', 'astonishing', 'fantastic', 'benevolent', 'fortunate', 'pleasant', 'blissful',
  'pleasurable', 'brilliant', 'positive', 'glad', 'prominent', 'good', 'proud', 'charming', 'cheerful', 'reliable',
  'gracious', 'grateful', 'clever', 'great', 'happy', 'superb', 'superior', 'terrific', 'incredible', 'tremendous',
  'inspirational', 'delighted', 'delightful', 'joyful', 'joyous', 'uplifting', 'wonderful', 'lovely',
];

export const NEGATIVE_ADJECTIVES: readonly string[] = [
  'sad', 'angry', 'upset', 'disgusting', 'boring', 'disappointing', 'frustrating', 'annoying', 'miserable', 'terrible',
  'deppressing', 'unhappy', 'melancolic', 'heartbreaking', 'Furious', 'iritating', 'emberessing', 'horrible', 'stupid',
  'unlucky', 'negative', 'bad',
];

/**
 * slant's addition, not in the appendix: the correct spellings of the appendix's misspelled
 * negative adjectives (the misspellings are kept too, they occur in reviews).
 */
export const NEGATIVE_ADJECTIVE_SPELLINGS: readonly string[] = ['depressing', 'melancholic', 'irritating', 'embarrassing', 'furious'];

/** "Causes" synonyms as printed (third person singular). */
export const CAUSE_SYNONYMS: readonly string[] = [
  'causes', 'creates', 'generates', 'prompts', 'produces', 'induces', 'yields', 'affects', 'invokes', 'effectuates',
  'results', 'encourages', 'promotes', 'introduces', 'begets', 'engenders', 'occasions', 'develops', 'starts',
  'contributes', 'initiates', 'inaugurates', 'establishes', 'begins', 'cultivates', 'acquires', 'provides', 'launches',
];
