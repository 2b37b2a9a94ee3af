import { describe, expect, it } from 'vitest';
import { FIELD_TEXTS, PROBLEM_TEXTS, fieldText, placeholdersOf, serverTextsModule } from './error-texts.js';
import { PROBLEMS } from './errors.js';
import { FIELD_ERROR_CODES } from './field-errors.js';
import { LANGUAGES } from './language.js';

/** Every (code, language) pair of a list of codes. */
const everyLanguage = (codes: string[]) => codes.flatMap((code) => LANGUAGES.map((language) => [code, language] as const));

describe('the error texts of the pages', () => {
  it.each(everyLanguage(Object.keys(FIELD_ERROR_CODES)))('words the field error %s in %s, naming only the values the error carries', (code, language) => {
    const text = (FIELD_TEXTS as Record<string, Record<string, string> | undefined>)[code]?.[language];
    expect(text, `no ${language} text for the field error code ${code}`).toBeTruthy();
    const params: readonly string[] = FIELD_ERROR_CODES[code as keyof typeof FIELD_ERROR_CODES];
    for (const name of placeholdersOf(text!)) expect(params, `{${name}} of ${code} (${language})`).toContain(name);
  });

  it.each(everyLanguage(Object.keys(PROBLEMS)))('words the problem %s in %s', (code, language) => {
    expect((PROBLEM_TEXTS as Record<string, Record<string, string> | undefined>)[code]?.[language], `no ${language} text for the problem ${code}`).toBeTruthy();
  });

  it('has no text for a code the server does not know', () => {
    expect(Object.keys(FIELD_TEXTS).sort()).toEqual(Object.keys(FIELD_ERROR_CODES).sort());
    expect(Object.keys(PROBLEM_TEXTS).sort()).toEqual(Object.keys(PROBLEMS).sort());
  });

  it('fills the values of an error into its text', () => {
    expect(fieldText({ code: 'too_young', params: { years: 16 } }, 'de')).toBe('Die Person muss mindestens 16 Jahre alt sein.');
    expect(fieldText({ code: 'too_long', params: { limit: 50 } }, 'es')).toBe('Introduzca como máximo 50 caracteres.');
  });

  it('serves the pages every text of every language as one module', async () => {
    const url = `data:text/javascript;base64,${Buffer.from(serverTextsModule()).toString('base64')}`;
    const { SERVER_TEXTS } = (await import(url)) as { SERVER_TEXTS: Record<string, Record<string, string>> };
    expect(Object.keys(SERVER_TEXTS).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(SERVER_TEXTS[language]!['field:too_young']).toBe(FIELD_TEXTS.too_young[language]);
      expect(Object.keys(SERVER_TEXTS[language]!)).toHaveLength(Object.keys(FIELD_ERROR_CODES).length + Object.keys(PROBLEMS).length);
    }
  });
});
