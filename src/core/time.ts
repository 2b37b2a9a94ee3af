/** Date-time as the specification writes it: YYYY-MM-DDThh:mm:ss.sssZ, always UTC with milliseconds. */
export function formatDateTime(date: Date): string {
  return date.toISOString();
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
