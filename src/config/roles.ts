/**
 * Model roles: the parts a model plays in a run, by name. A config (and audit()) may give them as
 * one map, `roles: { generator, judge, moderator, embedder }`, or in the keys that named them
 * before roles (`models:`, `judges.llm`, a probe's `options.moderator`, `judges.embedder`), which
 * keep working. `resolveRoles` is the one place a role is read from either.
 */
import { canonicalJson } from '../runtime/canonical-json.js';

/** The roles, in the order help and errors list them; what each is and the key that named it before. */
export const ROLES = {
  generator: { what: 'the models under test: they write the outputs the probes measure', oldKey: 'models' },
  judge: { what: "the LLM judge (certainty's pairwise judge, WildFrame's evaluator)", oldKey: 'judges.llm' },
  moderator: { what: "a stronger model that reviews the judge's order-inconsistent labels (certainty, seed 004 App. D.1)", oldKey: 'probes[].options.moderator' },
  embedder: { what: '"tfidf", "use" or an embedding model id (primacy, position with mapper: embedding, certainty preservation)', oldKey: 'judges.embedder' },
} as const;

type RoleName = keyof typeof ROLES;

/** A model entry as `models:` takes it (the generator role also takes a bare id, or one entry). */
type Entry = Record<string, unknown> & { id?: unknown };

export interface ResolvedRoles {
  generator?: Entry[];
  judge?: string;
  moderator?: string;
  embedder?: string;
}

interface RoleProblem {
  path: (string | number)[];
  message: string;
}

const obj = (v: unknown): Record<string, unknown> | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : 'a different list');

/** The generator role as a list of model entries: an id, one entry or a list of either. */
function generatorEntries(v: unknown): Entry[] | undefined {
  if (v === undefined) return undefined;
  const list = Array.isArray(v) ? (v as unknown[]) : [v];
  return list.map((m) => (typeof m === 'string' ? { id: m } : (m as Entry)));
}

/**
 * Every role of a config (as written: before its schema fills defaults), each from `roles:` or
 * from its old key. A role given both ways must name the same model(s); otherwise it is a problem
 * naming both keys, never a silent choice. Roles given nowhere are absent.
 */
export function resolveRoles(raw: unknown): { roles: ResolvedRoles; problems: RoleProblem[] } {
  const config = obj(raw) ?? {};
  const given = obj(config.roles) ?? {};
  const judges = obj(config.judges) ?? {};
  const probes = Array.isArray(config.probes) ? (config.probes as unknown[]) : [];
  const problems: RoleProblem[] = [];
  const roles: ResolvedRoles = {};

  const pick = <T>(role: RoleName, fromRole: T | undefined, fromOld: T | undefined): T | undefined => {
    if (fromRole !== undefined && fromOld !== undefined && !same(fromRole, fromOld))
      problems.push({ path: ['roles', role], message: `names ${show(fromRole)}, but ${ROLES[role].oldKey} names ${show(fromOld)}; give the ${role} in one place (roles.${role} or ${ROLES[role].oldKey})` });
    return fromRole ?? fromOld;
  };

  const generator = pick('generator', generatorEntries(given.generator), Array.isArray(config.models) ? (config.models as Entry[]) : undefined);
  if (generator !== undefined) roles.generator = generator;
  const judge = pick('judge', given.judge as string | undefined, judges.llm as string | undefined);
  if (judge !== undefined) roles.judge = judge;
  const embedder = pick('embedder', given.embedder as string | undefined, judges.embedder as string | undefined);
  if (embedder !== undefined) roles.embedder = embedder;
  // the moderator's old key is each probe's own option: every probe that names one must agree with the role
  let moderator = given.moderator as string | undefined;
  probes.forEach((p, i) => {
    const own = obj(obj(p)?.options)?.moderator;
    if (own === undefined) return;
    if (moderator !== undefined && !same(own, moderator)) {
      if (given.moderator !== undefined) problems.push({ path: ['roles', 'moderator'], message: `names ${show(given.moderator)}, but probes[${i}].options.moderator names ${show(own)}; give the moderator in one place` });
      return;
    }
    moderator ??= own as string;
  });
  if (moderator !== undefined) roles.moderator = moderator;
  return { roles, problems };
}

/**
 * A config with its `roles:` written into the old keys the rest of slant reads (models,
 * judges.llm, judges.embedder); `roles` is kept for the moderator alone, which a run hands to
 * every probe that takes one (pipeline/plan.ts). A config without `roles:` comes back as it was,
 * so its stored form and its results do not change.
 */
export function withRolesApplied(raw: unknown): { config: unknown; problems: RoleProblem[] } {
  const config = obj(raw);
  if (config === undefined || config.roles === undefined || obj(config.roles) === undefined) return { config: raw, problems: [] };
  const { roles, problems } = resolveRoles(config);
  if (problems.length > 0) return { config: raw, problems };
  const out: Record<string, unknown> = { ...config };
  const { generator, judge, embedder, moderator } = roles;
  if (generator !== undefined) out.models = generator;
  if (judge !== undefined || embedder !== undefined) out.judges = { ...(obj(config.judges) ?? {}), ...(judge !== undefined ? { llm: judge } : {}), ...(embedder !== undefined ? { embedder } : {}) };
  const given = obj(config.roles)!;
  const stray = Object.keys(given).filter((k) => !(k in ROLES));
  // unknown role names stay for the schema to refuse, naming them
  if (moderator !== undefined && given.moderator !== undefined) out.roles = { moderator, ...Object.fromEntries(stray.map((k) => [k, given[k]])) };
  else if (stray.length > 0) out.roles = Object.fromEntries(stray.map((k) => [k, given[k]]));
  else delete out.roles;
  return { config: out, problems };
}

/** Every model id a config's roles name (generators, the judges and the moderator), for checks that ask which providers a run uses. */
export function roleModelIds(config: { models: readonly { id: string }[]; judges: { framing: string; embedder: string; llm?: string | undefined }; probes: readonly { options?: Record<string, unknown> | undefined }[]; roles?: { moderator?: string | undefined } | undefined }): string[] {
  const moderators = config.probes.map((p) => p.options?.moderator).filter((m): m is string => typeof m === 'string');
  const ids = [...config.models.map((m) => m.id), config.judges.framing, config.judges.embedder, config.judges.llm ?? '', config.roles?.moderator ?? '', ...moderators];
  return [...new Set(ids.filter((id) => /^[a-z][a-z0-9-]*:/.test(id)))];
}
