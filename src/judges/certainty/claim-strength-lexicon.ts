/**
 * Word groups for the claim-strength scorer's hand features, written for slant from the
 * causal-language scale of Sumner et al. (2014) and Yu et al. (2019): causal verbs (direct claims,
 * including mechanistic verbs such as "activates", "regulates"), association words
 * (correlational claims), conditional markers (hedged causal claims) and negation (no relation).
 * Entries are matched against crude stems (stem() in claim-strength.ts), so one entry covers its
 * inflections; multi-word entries are matched as stem sequences.
 */
export const CLAIM_GROUPS: Record<string, readonly string[]> = {
  causal: [
    'cause', 'lead to', 'led to', 'result in', 'increase', 'reduce', 'decrease', 'improve', 'prevent', 'boost', 'trigger',
    'protect', 'make', 'made', 'drive', 'drove', 'regulate', 'modulate', 'mediate', 'activate', 'inhibit', 'suppress',
    'promote', 'induce', 'enhance', 'impair', 'alter', 'affect', 'shape', 'control', 'determine', 'produce', 'excite',
    'repress', 'block', 'stimulate', 'damage', 'save', 'lower', 'raise', 'cut', 'halve', 'double', 'help', 'benefit',
    'slow', 'reverse', 'restore', 'depend on', 'contribute to', 'responsible for', 'due to', 'because of', 'as a result',
    'arise', 'underlie', 'worsen', 'harm', 'kill', 'cure', 'treat', 'eliminate', 'accelerate', 'delay', 'disrupt',
    'change', 'influence', 'impact', 'effect', 'effective', 'efficacy', 'beneficial', 'protective', 'role', 'key to',
    'enable', 'allow', 'stop', 'ease', 'relieve', 'strengthen', 'weaken', 'extend', 'prolong', 'limit', 'spur', 'fuel',
  ],
  association: [
    'associate', 'association', 'link', 'correlate', 'correlation', 'relate', 'relationship', 'predict', 'predictor',
    'tie to', 'connect', 'connection', 'more likely', 'less likely', 'higher risk', 'lower risk', 'risk of', 'odds',
    'coincide', 'pattern', 'trend', 'vary with', 'accompany',
  ],
  conditional: [
    'may', 'might', 'could', 'can', 'would', 'suggest', 'appear', 'seem', 'potential', 'possibl', 'likely', 'perhap',
    'hypothes', 'implicate', 'indicate', 'imply', 'propose', 'speculate', 'believe', 'think', 'point to', 'hint', 'if',
    'whether', 'promise', 'promising', 'hope', 'expect',
  ],
  negation: ['no', 'not', 'none', 'neither', 'nor', 'without', 'fail', 'lack', 'absence', 'unrelate', 'independent of', 'irrespective', 'regardless', 'similar', 'comparable', 'unchange'],
};
