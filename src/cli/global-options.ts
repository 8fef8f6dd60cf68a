/** Options every command accepts. */
export interface GlobalOptions {
  /** machine-readable output on stdout, no progress bar */
  json: boolean;
  /** no tables, only the final lines and errors */
  quiet: boolean;
  /** every table and per-group detail after a run or report, and each model request as it is answered (stderr) */
  verbose?: boolean;
}
