import Table from 'cli-table3';

/** An aligned terminal table; colour only when writing to a terminal (plain text when piped). */
export function createTable(head: string[], opts: { color?: boolean; colWidths?: number[] } = {}): InstanceType<typeof Table> {
  const color = opts.color ?? process.stdout.isTTY === true;
  return new Table({
    head,
    style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] },
    ...(opts.colWidths ? { colWidths: opts.colWidths, wordWrap: true, wrapOnWordBoundary: false } : {}),
  });
}
