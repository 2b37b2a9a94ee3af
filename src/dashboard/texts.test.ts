import { describe, expect, it } from 'vitest';
import { TEXT_SOURCES } from './texts.js';

describe('dashboard texts', () => {
  it('define each key once, in the core or in one area', () => {
    const owners = new Map<string, string[]>();
    for (const [source, texts] of Object.entries(TEXT_SOURCES)) {
      for (const key of Object.keys(texts.en)) owners.set(key, [...(owners.get(key) ?? []), source]);
    }
    expect([...owners].filter(([, sources]) => sources.length > 1)).toEqual([]);
  });

  it('give every key in German and Spanish, and nothing more', () => {
    for (const texts of Object.values(TEXT_SOURCES)) {
      expect(Object.keys(texts.de).sort()).toEqual(Object.keys(texts.en).sort());
      expect(Object.keys(texts.es).sort()).toEqual(Object.keys(texts.en).sort());
    }
  });
});
