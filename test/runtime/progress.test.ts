import { describe, it, expect } from 'vitest';
import { createProgress, formatDuration, renderProgressLine } from '../../src/runtime/progress.js';

function fakeTty(isTTY = true, columns?: number) {
  const writes: string[] = [];
  return { stream: { isTTY, columns, write: (s: string) => writes.push(s) }, writes };
}

describe('renderProgressLine', () => {
  it('draws bar, count, percent, rate and ETA', () => {
    // 123/456 = 0.2697 -> 27%, round(0.2697 * 20) = 5 hashes; rate 123 / 10 s = 12.3/s;
    // ETA (456 - 123) / 12.3 = 27.07 s -> 0:27
    expect(renderProgressLine({ label: 'framing', count: 123, total: 456, elapsedMs: 10_000 })).toBe(
      'framing [#####...............] 123/456 27% 12.3/s ETA 0:27',
    );
  });

  it('never shows 100% before the end, and shows ? when no rate is known', () => {
    expect(renderProgressLine({ label: 'x', count: 999, total: 1000, elapsedMs: 1000 })).toContain('999/1000 99%');
    expect(renderProgressLine({ label: 'x', count: 0, total: 10, elapsedMs: 0 })).toBe(
      'x [....................] 0/10 0% 0.0/s ETA ?',
    );
    expect(renderProgressLine({ label: 'x', count: 10, total: 10, elapsedMs: 2000 })).toBe(
      'x [####################] 10/10 100% 5.0/s ETA 0:00',
    );
  });

  it('shows n/? and the rate, no bar and no ETA, when the total is unknown', () => {
    expect(renderProgressLine({ label: 'x', count: 7, total: undefined, elapsedMs: 1000 })).toBe('x 7/? 7.0/s');
  });

  it('a total of zero is a full bar, not an unknown', () => {
    expect(renderProgressLine({ label: 'x', count: 0, total: 0, elapsedMs: 1000 })).toBe('x [####################] 0/0 100% 0.0/s ETA 0:00');
  });
});

describe('formatDuration', () => {
  it('formats m:ss and h:mm:ss', () => {
    expect(formatDuration(35)).toBe('0:35');
    expect(formatDuration(125.4)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});

describe('createProgress', () => {
  it('redraws in place at most every 100 ms of the (fake) clock, and always at the end', () => {
    let t = 0;
    const { stream, writes } = fakeTty();
    const p = createProgress({ total: 4, label: 'cells', stream, now: () => t });
    p.tick(); // t=0: drawn
    t = 50;
    p.tick(); // too soon: skipped
    t = 150;
    p.tick(); // drawn
    t = 160;
    p.tick(); // last item: drawn even though soon
    p.done();
    expect(writes).toEqual([
      '\rcells [#####...............] 1/4 25% 0.0/s ETA ?\x1b[K',
      '\rcells [###############.....] 3/4 75% 20.0/s ETA 0:00\x1b[K',
      '\rcells [####################] 4/4 100% 25.0/s ETA 0:00\x1b[K',
      '\rcells [####################] 4/4 100% 25.0/s ETA 0:00\x1b[K',
      '\n',
    ]);
    expect(p.count).toBe(4);
    p.tick();
    p.done();
    expect(writes).toHaveLength(5); // nothing after done
  });

  it('writes nothing when the stream is not a TTY or when disabled', () => {
    const piped = fakeTty(false);
    const p1 = createProgress({ total: 2, label: 'x', stream: piped.stream });
    p1.tick(2);
    p1.done();
    expect(piped.writes).toEqual([]);
    const json = fakeTty(true);
    const p2 = createProgress({ total: 2, label: 'x', stream: json.stream, enabled: false });
    p2.tick(2);
    p2.done();
    expect(json.writes).toEqual([]);
    expect(p2.count).toBe(2);
  });

  it('fits the line to the terminal width and accepts a later total', () => {
    let t = 0;
    const { stream, writes } = fakeTty(true, 20);
    const p = createProgress({ total: undefined, label: 'a-long-label', stream, now: () => t });
    t = 1000;
    p.setTotal(10);
    expect(writes[0]).toBe('\ra-long-label [.....\x1b[K'); // 14 + 5 = 19 visible characters
  });
});
