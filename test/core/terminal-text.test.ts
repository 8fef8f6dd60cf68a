import { describe, expect, it } from 'vitest';
import { stripControlChars } from '../../src/core/terminal-text.js';

describe('stripControlChars', () => {
  it.each([
    ['title\x1b]0;pwned\x07 set', 'title set'],
    ['osc with ST \x1b]2;pwned\x1b\\ end', 'osc with ST  end'],
    ['unterminated \x1b]0;pwned', 'unterminated '],
    ['clear\x1b[2J\x1b[H screen', 'clear screen'],
    ['cursor \x1b[10;20H\x1b[1A\x1b[K moves', 'cursor  moves'],
    ['8-bit \x9b2J csi \x9d0;t\x07 osc', '8-bit  csi  osc'],
    ['dcs \x1bPq#0;2;0;0;0\x1b\\ sixel', 'dcs  sixel'],
    ['bell\x07 backspace\x08 cr\r del\x7f nul\x00', 'bell backspace cr del nul'],
    ['keep\ttabs\nand newlines', 'keep\ttabs\nand newlines'],
    ['reset \x1bc and charset \x1b(0', 'reset  and charset '],
    ['colour \x1b[31mred\x1b[0m', 'colour red'],
    ['unicode ünïcödé — “quotes” 日本', 'unicode ünïcödé — “quotes” 日本'],
    // bidirectional controls (Trojan Source): overrides, embeddings, isolates, marks
    ['access \u202eenimda\u202c level', 'access enimda level'],
    ['\u202a\u202b\u202d embed \u2066\u2067\u2068 isolate\u2069 \u200e\u200f\u061c marks', ' embed  isolate  marks'],
    ['Hebrew שלום and Arabic مرحبا stay', 'Hebrew שלום and Arabic مرحبا stay'],
  ])('%j', (input, expected) => {
    expect(stripControlChars(input)).toBe(expected);
  });

  it('keeps only the colours slant itself uses when asked to', () => {
    const own = '\x1b[36mhead\x1b[39m \x1b[90m│\x1b[39m';
    expect(stripControlChars(`${own} \x1b[31mred\x1b[0m \x1b]0;t\x07\x1b[2J`, { keepColours: true })).toBe(`${own} red `);
    expect(stripControlChars(own)).toBe('head │');
    // stand-ins for kept colours cannot be smuggled in
    expect(stripControlChars('\u{F8F0}x\x07', { keepColours: true })).toBe('x');
    expect(stripControlChars('\x1b[36mok\x1b[39m \u202eevil', { keepColours: true })).toBe('\x1b[36mok\x1b[39m evil');
  });
});
