import Negotiator from 'negotiator';

/** The languages of the hosted pages, the mandate text and the simulator's pages. */
export const LANGUAGES = ['de', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

// English first: it wins a tie, such as "Accept-Language: *".
const PREFERENCE: Language[] = ['en', 'de', 'es'];

/** The object's own language when it has one, else the best match of the browser's Accept-Language, else English. */
export function pageLanguage(own: string | null, acceptLanguage: string | undefined): Language {
  if (own && (LANGUAGES as readonly string[]).includes(own)) return own as Language;
  if (!acceptLanguage) return 'en';
  return (new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language(PREFERENCE) as Language | undefined) ?? 'en';
}
