const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A text that is not a duration; its message says what one looks like. */
export class InvalidDuration extends Error {}

/** `90s`, `15m`, `3h`, `2d` or a sum of them (`1d12h`) in seconds (the CLI's `clock advance` and the dashboard's sandbox clock). */
export function parseDuration(text: string): number {
  if (!/^(\d+[smhd])+$/.test(text)) throw new InvalidDuration(`${text} is not a duration: a number and a unit (s, m, h, d), e.g. 90s, 15m, 3h, 2d or 1d12h`);
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+)([smhd])/g)) seconds += Number(amount) * UNIT_SECONDS[unit as keyof typeof UNIT_SECONDS];
  if (seconds < 1) throw new InvalidDuration('The duration must be at least 1s');
  return seconds;
}

/** A number of seconds as days, hours, minutes and seconds: 93784 → "1d 2h 3m 4s". */
export function formatDuration(totalSeconds: number): string {
  const parts: string[] = [];
  let rest = Math.round(totalSeconds);
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60], ['s', 1]] as const) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count}${unit}`);
  }
  return parts.join(' ') || '0s';
}
