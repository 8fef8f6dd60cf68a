import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/main.js';
import { runCli } from '../helpers/run-cli.js';
import { NEG, POS } from '../helpers/review-texts.js';


let dir: string;
let store: string;
let reports: string;
let outputs: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slant-quiet-'));
  store = join(dir, 'slant.db');
  reports = join(dir, 'reports');
  outputs = join(dir, 'outputs.jsonl');
  writeFileSync(outputs, [`{"id":"a","source":"${POS} ${NEG}","output":"Wonderful blender."}`, '', `{"id":"b","source":"${NEG} ${POS}","output":"The kettle leaked."}`, `{"id":"c","source":"${POS}","output":"Great."}`].join('\n') + '\n');
  writeFileSync(join(dir, 'ratings.csv'), `text,rating\n"${POS}",5\n"${NEG}",1\n`);
  writeFileSync(join(dir, 'pairs.csv'), 'a,b,label\n"It may rain.","It will rain.",1\n"It is certain.","It might be.",-1\n');
  writeFileSync(join(dir, 'labels.csv'), 'item,annotator,label\np1,h1,1\np1,h2,2\np1,h3,1\np2,h1,-1\np2,h2,-2\np2,h3,-1\np3,h1,0\np3,h2,1\np3,h3,0\n');
  writeFileSync(join(dir, 'events.jsonl'), `${JSON.stringify({ date: '2026-01-05', text: 'The central bank raises interest rates.', is_event: true })}\n`);
  writeFileSync(join(dir, 'slant.yaml'), `store: slant.db\nreports: reports\nmodels:\n  - id: builtin:lead-3\ndatasets:\n  - name: r\n    builtin: demo-reviews\n    limit: 2\nprobes:\n  - name: framing\n`);
  // a finished run for `report latest` and `runs`
  expect((await runCli(['-q', 'measure', 'framing', '--input', outputs, '--store', store, '--reports', reports])).code).toBe(0);
  const runs = JSON.parse((await runCli(['--json', 'runs', '--store', store])).stdout) as { id: string }[];
  runId = runs[0]?.id ?? '';
});
let runId = '';

/** Every command run with -q: exit 0, no table borders, at most `max` lines on stdout. */
const QUIET_CASES: Record<string, { args: () => string[]; max: number }> = {
  demo: { args: () => ['demo', '--limit', '1', '--store', store, '--reports', reports], max: 3 },
  run: { args: () => ['run', '-c', join(dir, 'slant.yaml')], max: 3 },
  plan: { args: () => ['plan', '-c', join(dir, 'slant.yaml')], max: 1 },
  measure: { args: () => ['measure', 'framing', '--input', outputs, '--store', store, '--reports', reports], max: 3 },
  validate: { args: () => ['validate', 'framing', '-i', join(dir, 'ratings.csv')], max: 1 },
  'validate certainty': { args: () => ['validate', 'certainty', '-i', join(dir, 'pairs.csv')], max: 1 },
  certainty: { args: () => ['certainty', 'humans', join(dir, 'labels.csv')], max: 1 },
  datasets: { args: () => ['datasets', 'import', join(dir, 'events.jsonl'), '-o', join(dir, 'pairs.jsonl')], max: 2 },
  init: { args: () => ['init', '-o', join(dir, 'new.yaml'), '--force'], max: 1 },
  runs: { args: () => ['runs', '--store', store], max: 10 },
  report: { args: () => ['report', 'latest', '--store', store, '--reports', reports], max: 1 },
  cache: { args: () => ['cache', 'stats', '--store', store], max: 1 },
  schema: { args: () => ['schema', 'config'], max: Infinity },
  compare: { args: () => ['compare', runId, runId, '--store', store], max: Infinity },
};

/** Long-running servers: nothing to print but their address and log, which -q silences; not run here. */
const SERVERS = ['view', 'worker'];
/** Not covered yet (it needs a labelling study in the store): its -q is untested. */
const NOT_COVERED = ['annotate'];
/** They need a PostgreSQL store (test/pipeline/distributed/ runs them on a throwaway cluster); their -q is untested here. */
const NEEDS_POSTGRES = ['workers', 'cancel'];

describe('-q on every command', () => {
  it('every command in the table has a quiet case here', () => {
    for (const c of COMMANDS) expect([...Object.keys(QUIET_CASES), ...SERVERS, ...NOT_COVERED, ...NEEDS_POSTGRES], c.name).toContain(c.name);
  });

  for (const [name, c] of Object.entries(QUIET_CASES)) {
    it(`${name} -q prints only its final lines, before or after the command name`, async () => {
      for (const argv of [['-q', ...c.args()], [...c.args(), '-q']]) {
        const res = await runCli(argv);
        expect(res.stderr, argv.join(' ')).toBe('');
        expect(res.code).toBe(0);
        expect(res.stdout).not.toMatch(/[│┌└─]{2}|\+--/);
        expect(res.stdout.trim().split('\n').length).toBeLessThanOrEqual(c.max);
      }
    });
  }
});

describe('progress bar', () => {
  const tty = process.stderr.isTTY;
  afterEach(() => {
    process.stderr.isTTY = tty;
  });

  it('shows the total counted first, fills to n/n 100% and has an ETA', async () => {
    process.stderr.isTTY = true;
    const res = await runCli(['measure', 'framing', '--input', outputs, '--store', store, '--reports', reports]);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('measure [####################] 3/3 100%');
    expect(res.stderr).toMatch(/\/s ETA \d+:\d\d/);
    expect(res.stderr).not.toContain('/?');
  });

  it('counts a config run\'s built-in datasets', async () => {
    process.stderr.isTTY = true;
    const res = await runCli(['run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('2/2 100%');
  });

  it('shows n/? honestly when the input cannot be counted cheaply (JSON)', async () => {
    process.stderr.isTTY = true;
    const json = join(dir, 'outputs.json');
    writeFileSync(json, JSON.stringify([{ id: 'x', source: `${POS} ${NEG}`, output: 'Fine.' }]));
    const res = await runCli(['measure', 'framing', '--input', json, '--store', store, '--reports', reports]);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('measure 1/? ');
    expect(res.stderr).not.toContain('ETA');
  });

  it('-q draws no bar', async () => {
    process.stderr.isTTY = true;
    const res = await runCli(['-q', 'measure', 'framing', '--input', outputs, '--store', store, '--reports', reports]);
    expect(res.stderr).toBe('');
  });
});
