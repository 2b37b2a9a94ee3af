import { describe, expect, it } from 'vitest';
import { formatDuration, InvalidDuration, parseDuration } from './duration.js';

describe('durations', () => {
  it('reads a number and a unit, or a sum of them', () => {
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('3h')).toBe(10_800);
    expect(parseDuration('2d')).toBe(172_800);
    expect(parseDuration('1d12h')).toBe(129_600);
  });

  it('refuses what is not a duration, and zero', () => {
    for (const text of ['', '90', 'h', '1.5h', '3 h', '2w', '-1d']) expect(() => parseDuration(text), text).toThrow(InvalidDuration);
    expect(() => parseDuration('0s')).toThrow('at least 1s');
  });

  it('writes seconds as days, hours, minutes and seconds', () => {
    expect(formatDuration(93_784)).toBe('1d 2h 3m 4s');
    expect(formatDuration(0)).toBe('0s');
  });
});
