/** What pg's own value conversion (the text it sends for a parameter) is typed as. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
