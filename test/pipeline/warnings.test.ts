import { describe, expect, it } from 'vitest';
import { WarningLog } from '../../src/pipeline/warnings.js';

describe('WarningLog', () => {
  it('counts repeats and tells onFirst of each new (source, message) once, as it happens', () => {
    const heard: string[] = [];
    const log = new WarningLog((source, message) => heard.push(`${source}: ${message}`));
    log.add('m1', 'spent');
    log.addResult('m1', [{ message: 'spent' }, { message: 'spent' }]);
    log.add('m2', 'spent');
    log.add('m1', 'other');
    expect(heard).toEqual(['m1: spent', 'm2: spent', 'm1: other']);
    expect(log.list()).toEqual([
      { source: 'm1', message: 'spent', count: 2 },
      { source: 'm2', message: 'spent', count: 1 },
      { source: 'm1', message: 'other', count: 1 },
    ]);
  });
});
