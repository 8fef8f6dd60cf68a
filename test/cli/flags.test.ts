import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import { beforeEach, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { runCli } from '../helpers/run-cli.js';
import { NEG, POS } from '../helpers/review-texts.js';


let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slant-flags-'));
});
const common = () => ['--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')];

function outputsFile(): string {
  const file = join(dir, 'outputs.jsonl');
  const rows = [
    { id: 'a', source: `${POS} ${NEG}`, output: 'The blender is wonderful.' },
    { id: 'b', source: `${NEG} ${POS}`, output: 'The kettle leaked.' },
  ];
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

function ratingsFile(): string {
  const file = join(dir, 'ratings.csv');
  writeFileSync(file, `body,stars\n"${POS}",5\n"${NEG}",1\n`);
  return file;
}

describe('one vocabulary of flags', () => {
  it('a repeated single-value flag is an error, not "last wins" (exit 2)', async () => {
    const file = outputsFile();
    const res = await runCli(['measure', 'framing', '--input', file, '--input', join(dir, 'other.jsonl'), ...common()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--input was given twice');
    expect(existsSync(join(dir, 'slant.db'))).toBe(false);
    const lim = await runCli(['validate', 'framing', '-i', ratingsFile(), '--limit', '1', '--limit', '2']);
    expect(lim.code).toBe(2);
    expect(lim.stderr).toContain('--limit was given twice');
  });

  it('repeatable flags (--field) still repeat', async () => {
    const res = await runCli(['--json', 'validate', 'framing', '-i', ratingsFile(), '--field', 'text=body', '--field', 'rating=stars']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect((JSON.parse(res.stdout) as { n: number }).n).toBe(2);
  });

  it('-o out.csv writes CSV (one metric per row), -o out.jsonl JSON lines, -o out.json the results JSON', async () => {
    const file = outputsFile();
    for (const ext of ['csv', 'jsonl', 'json']) {
      const out = join(dir, `out.${ext}`);
      const res = await runCli(['-q', 'measure', 'framing', '--input', file, '-o', out, ...common()]);
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const text = readFileSync(out, 'utf8');
      if (ext === 'csv') {
        expect(text.split('\n')[0]).toBe('run,probe,group,metric,label,value,n,ci_low,ci_high,ci_level,p_value');
        expect(text).toMatch(/\n[^,\n]+,framing,[^,]*,\w+,/);
      } else if (ext === 'jsonl') {
        const first = JSON.parse(text.split('\n')[0] ?? '') as { probe: string; metric: string; n: number };
        expect(first.probe).toBe('framing');
        expect(typeof first.n).toBe('number');
      } else {
        expect(resultsSchema.parse(JSON.parse(text)).probes[0]?.probe).toBe('framing');
      }
    }
  });

  it('run and demo take -o too: demo -o out.csv writes one metric per row', async () => {
    const out = join(dir, 'demo.csv');
    const res = await runCli(['-q', 'demo', '--limit', '1', '-o', out, ...common()]);
    expect(res.code).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('run,probe,group,metric,label,value,n,ci_low,ci_high,ci_level,p_value');
    expect(lines.some((l) => l.includes(',primacy,'))).toBe(true);
    const bad = await runCli(['run', '-c', join(dir, 'none.yaml'), '-o', join(dir, 'out.parquet')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('not ".parquet"');
  });

  it('-o with an extension the command cannot write is refused before any work, listing the supported ones', async () => {
    const res = await runCli(['measure', 'framing', '--input', outputsFile(), '-o', join(dir, 'out.txt'), ...common()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('this command writes .json, .jsonl, .csv files, not ".txt"');
    expect(existsSync(join(dir, 'slant.db'))).toBe(false);
    const wf = await runCli(['datasets', 'wildframe', join(dir, 'corpus.jsonl'), '--model', 'openai:x', '-o', join(dir, 'out.csv')]);
    expect(wf.code).toBe(2);
    expect(wf.stderr).toContain('writes .jsonl files, not ".csv"');
    const init = await runCli(['init', '-o', join(dir, 'slant.json')]);
    expect(init.code).toBe(2);
    expect(existsSync(join(dir, 'slant.json'))).toBe(false);
  });

  it('old spellings are hidden aliases: they work, print a deprecation note and are not in --help', async () => {
    const file = ratingsFile();
    const res = await runCli(['--json', 'validate', 'framing', '-i', file, '--text-field', 'body', '--rating-field', 'stars']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('--text-field is deprecated');
    expect(res.stderr).toContain('use --field text=COLUMN');
    expect((JSON.parse(res.stdout) as { n: number }).n).toBe(2);
    const help = await runCli(['validate', 'framing', '--help']);
    expect(help.stdout).toContain('--field <canonical=column>');
    expect(help.stdout).not.toContain('--text-field');
  });

  it('an old spelling and its new one together are an error', async () => {
    const input = join(dir, 'events.jsonl');
    writeFileSync(input, `${JSON.stringify({ date: '2026-01-05', text: 'The central bank raises interest rates.', is_event: true })}\n`);
    const res = await runCli(['datasets', 'import', input, '-o', join(dir, 'a.jsonl'), '--out', join(dir, 'b.jsonl')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('-o/--output was given twice');
  });

  it('--input is accepted where a positional is natural; two different inputs are an error', async () => {
    const input = join(dir, 'events.jsonl');
    writeFileSync(input, `${JSON.stringify({ day: '2026-01-05', text: 'The central bank raises interest rates.', is_event: true })}\n`);
    const out = join(dir, 'pairs.jsonl');
    const res = await runCli(['datasets', 'import', '--input', input, '-o', out, '--field', 'date=day']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ date: '2026-01-05' });
    const two = await runCli(['datasets', 'import', input, '--input', join(dir, 'x.jsonl'), '-o', out]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('two inputs given');
  });

  it('--field refuses a canonical name the command does not map', async () => {
    const res = await runCli(['validate', 'framing', '-i', ratingsFile(), '--field', 'source=body']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('unknown canonical field "source"; this command maps text, rating');
    // measure and run: a mapping no probe of the run reads is refused, never silently ignored
    const m = await runCli(['measure', 'framing', '--input', outputsFile(), '--field', 'text=body', ...common()]);
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('--field text=body: no probe of this run reads a field "text"; the canonical fields are id, model, source, output');
    const config = join(dir, 'slant.yaml');
    writeFileSync(config, `store: ${join(dir, 'r.db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'builtin:lead-3' }]\ndatasets: [{ name: d, builtin: demo-reviews, fields: { sourc: text } }]\nprobes: [{ name: primacy }]\n`);
    const r = await runCli(['run', '-c', config]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('datasets[0].fields.sourc: no probe of this run reads a field "sourc"');
  });

  it('--judge means the judge that scores texts; probe=ID targets one probe and must name a judged probe being run', async () => {
    const file = outputsFile();
    const res = await runCli(['measure', 'framing', '--input', file, '--judge', 'certainty=openai:x', ...common()]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('names probe "certainty", which is not being run');
    const prim = await runCli(['measure', 'framing', '--input', file, '--judge', 'primacy=openai:x', ...common()]);
    expect(prim.code).toBe(2);
    expect(prim.stderr).toContain('probe "primacy" takes no judge');
    const ok = await runCli(['-q', 'measure', 'framing', '--input', file, '--judge', 'framing=offline', ...common()]);
    expect(ok.code).toBe(0);
  });
});

describe('every command follows the vocabulary (an audit of --help)', () => {
  it('-o is -o/--output, --input has -i, --field maps canonical=column; no old spelling is visible', async () => {
    const { buildProgram } = await import('../../src/cli/main.js');
    const program = await buildProgram();
    const problems: string[] = [];
    const walk = (cmd: Command, path: string): void => {
      for (const o of cmd.options) {
        if ((o as Option & { hidden?: boolean }).hidden) continue;
        if (o.short === '-o' && o.long !== '--output') problems.push(`${path}: ${o.flags} (should be -o, --output)`);
        if (o.long === '--out' || o.long === '--csv' || o.long === '--jsonl' || /^--[a-z]+-field$/.test(o.long ?? '')) problems.push(`${path}: ${o.flags} is an old spelling`);
        if (o.long === '--input' && o.short !== '-i') problems.push(`${path}: ${o.flags} (should be -i, --input)`);
        if (o.long === '--field' && !o.flags.includes('canonical=column')) problems.push(`${path}: ${o.flags} (should be --field <canonical=column>)`);
        if (o.long === '--judge' && o.variadic) problems.push(`${path}: ${o.flags} (--judge names the judge, not columns)`);
      }
      for (const sub of cmd.commands) walk(sub, `${path} ${sub.name()}`);
    };
    walk(program, 'slant');
    expect(problems).toEqual([]);
  });

  it('validate verdict and embedder map columns with --field; the old --answer-field/--label-field/--text-field still work, with a note', async () => {
    const answers = join(dir, 'answers.csv');
    writeFileSync(answers, 'reply,truth\n"True. It happened.",true\n"False, it did not.",false\n');
    const res = await runCli(['--json', 'validate', 'verdict', '-i', answers, '--field', 'answer=reply', '--field', 'label=truth']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect((JSON.parse(res.stdout) as { card: { n: number; accuracy: number } }).card).toMatchObject({ n: 2, accuracy: 1 });
    const old = await runCli(['--json', 'validate', 'verdict', '-i', answers, '--answer-field', 'reply', '--label-field', 'truth']);
    expect(old.code).toBe(0);
    expect(old.stderr).toContain('--answer-field is deprecated');
    expect((JSON.parse(old.stdout) as { card: { n: number } }).card.n).toBe(2);
    const unknown = await runCli(['validate', 'verdict', '-i', answers, '--field', 'text=reply']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('this command maps answer, label');
    const quiet = await runCli(['-q', 'validate', 'verdict', '-i', answers, '--field', 'answer=reply', '--field', 'label=truth']);
    expect(quiet.stdout).toBe('accuracy 1.000, balanced accuracy 1.000 (n = 2)\n');
    const docs = join(dir, 'docs.jsonl');
    writeFileSync(docs, JSON.stringify({ body: 'One sentence here.' }) + '\n');
    const emb = await runCli(['validate', 'embedder', '-i', docs, '--text-field', 'body']);
    expect(emb.stderr).toContain('--text-field is deprecated');
    // the column was read (the document is too short for the test, which says so), not "field text is missing"
    expect(emb.stderr).toContain('no document has the 9 sentences');
    const twice = await runCli(['validate', 'embedder', '-i', docs, '--embedder', 'tfidf', '--embedder', 'use']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--embedder was given twice');
  });

  it('report -o is the export folder: refused with --format html, with a file extension, and --out still works', async () => {
    const html = await runCli(['report', 'latest', '-o', join(dir, 'x'), ...common()]);
    expect(html.code).toBe(2);
    expect(html.stderr).toContain('-o is the folder for --format csv|md|tex');
    const ext = await runCli(['report', 'latest', '--format', 'csv', '-o', join(dir, 't.csv'), ...common()]);
    expect(ext.code).toBe(2);
    expect(ext.stderr).toContain('give a folder, not a file name');
  });
});
