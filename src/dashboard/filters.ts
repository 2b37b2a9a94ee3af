const DAY_MS = 86_400_000;
// Where every database and Date holds an instant: nothing the dashboard lists is older or newer.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A date filter as typed (a real date, by the schema's DateField; empty for none) as the instant its day starts, `days` later. */
export function dayStart(value: string | undefined, days = 0): Date | undefined {
  if (!value) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`) + days * DAY_MS;
  return new Date(Math.min(Math.max(time, EARLIEST), LATEST));
}
