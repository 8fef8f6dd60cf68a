import { UserError } from '../core/errors.js';

/** A problem with one value of slant.yaml, named by its key path (`models[0].id`); the CLI adds the file. */
export class ConfigKeyError extends UserError {
  constructor(
    readonly key: string,
    readonly problem: string,
    opts: { exitCode?: number; hint?: string; cause?: unknown } = {},
  ) {
    super(`${key}: ${problem}`, opts);
    this.name = 'ConfigKeyError';
  }

  /** The same error, naming the config file too. */
  inFile(file: string): UserError {
    return new UserError(`${file}, ${this.key}: ${this.problem}`, { exitCode: this.exitCode, ...(this.hint !== undefined ? { hint: this.hint } : {}), cause: this });
  }
}

/** Run `make`; a UserError it throws becomes a ConfigKeyError naming `key`. */
export async function atConfigKey<T>(key: string, make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (err) {
    if (err instanceof UserError && !(err instanceof ConfigKeyError)) {
      throw new ConfigKeyError(key, err.message, { exitCode: err.exitCode, ...(err.hint !== undefined ? { hint: err.hint } : {}), cause: err });
    }
    throw err;
  }
}
