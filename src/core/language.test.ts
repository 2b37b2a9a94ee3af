import { describe, expect, it } from 'vitest';
import { pageLanguage } from './language.js';

describe('pageLanguage', () => {
  it("keeps the object's own language, whatever the browser says", () => {
    expect(pageLanguage('de', 'es-ES,es;q=0.9')).toBe('de');
  });

  it("otherwise takes the browser's best supported language", () => {
    expect(pageLanguage(null, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(pageLanguage(null, 'fr-FR, es;q=0.7, en;q=0.5')).toBe('es');
  });

  it('falls back to English when nothing matches or nothing is said', () => {
    expect(pageLanguage(null, 'fr-FR')).toBe('en');
    expect(pageLanguage(null, '*')).toBe('en');
    expect(pageLanguage(null, undefined)).toBe('en');
    expect(pageLanguage('xx', undefined)).toBe('en');
  });
});
