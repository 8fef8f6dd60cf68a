/** `slant plan --resume` on a PostgreSQL store: a clear error that says why (the plan of a resumed run works on a copy, made of SQLite stores only). */
import { describe, expect, it } from 'vitest';
import type { SlantConfig } from '../../src/config/schema.js';
import { UserError } from '../../src/core/errors.js';
import { planCost } from '../../src/pipeline/cost-plan/estimate.js';

describe('planCost --resume on PostgreSQL', () => {
  it('is a user error naming why, before connecting', async () => {
    const err: unknown = await planCost({} as SlantConfig, { baseDir: '.', storePath: 'postgres://nobody@127.0.0.1:1/none', resumeRunId: 'r1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toBe('the plan of a resumed run reads a private copy of its store, which slant makes of SQLite stores only');
    expect((err as UserError).hint).toMatch(/without --resume for a PostgreSQL store/);
  });
});
