/** Options every command accepts. */
export interface GlobalOptions {
  /** machine-readable output on stdout, no progress bar */
  json: boolean;
  /** no tables, only the final lines and errors */
  quiet: boolean;
}
