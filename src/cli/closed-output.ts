/**
 * A reader that stops reading early (`slant … --json | head`) closes the pipe, and the next write
 * fails with EPIPE. Node reports that as an unhandled stream error with a stack trace and exit 1;
 * the shell convention is to stop quietly, since the reader took what it wanted. The run's stored
 * items are safe at any point (the store survives a kill), so exiting at once loses nothing paid for.
 */
export function exitQuietlyWhenOutputCloses(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
}
