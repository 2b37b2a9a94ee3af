import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.js';

describe('csv', () => {
  it('quotes what needs quoting and keeps a formula a text', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 1250])).toBe('a,"b,c","say ""hi""","two\nlines",,1250\r\n');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12')).toBe("'-12");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField(-12)).toBe('-12');
  });
});
