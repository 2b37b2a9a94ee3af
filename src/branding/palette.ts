/** common.js is the hosted pages' own script (no types); its colour functions are pure and run in Node too. */
interface Colours {
  brandPalette(primary: string, secondary: string): Record<string, string>;
  contrastRatio(a: string, b: string): number;
}
const colours = (await import(new URL('../web/assets/common.js', import.meta.url).href)) as Colours;

export const brandPalette = colours.brandPalette;

/** Where a brand's colour is used as the pages use it, and what it is checked against (common.js brandPalette). */
const USES = [
  { use: 'links_and_focus', property: '--accent', given: 'primary', against: '#ffffff', minimum: 4.5 },
  { use: 'button_text', property: '--on-primary', given: null, against: 'primary', minimum: 4.5 },
  { use: 'header_text', property: '--on-secondary', given: null, against: 'secondary', minimum: 4.5 },
  { use: 'button_edge', property: '--primary-edge', given: 'primary', against: '#ffffff', minimum: 3 },
] as const;

export interface ContrastAdjustment {
  use: (typeof USES)[number]['use'];
  /** The brand's colour as set (or, for text on a colour, the colour behind it). */
  given: string;
  /** The colour the pages show instead. */
  shown: string;
  /** The contrast the shown colour has (WCAG 2), rounded to two decimals. */
  ratio: number;
  minimum: number;
}

/**
 * What the contrast correction does to a brand: every place where the pages show another colour
 * than the one set (links and focus rings darkened, a button's edge), and the text colour chosen
 * on the brand's colours with the contrast it reaches.
 */
export function contrastReport(primary: string, secondary: string): ContrastAdjustment[] {
  const palette = brandPalette(primary, secondary);
  const colour = { primary, secondary } as const;
  return USES.flatMap(({ use, property, given, against, minimum }) => {
    const shown = palette[property]!;
    const background = against === 'primary' || against === 'secondary' ? colour[against] : against;
    const set = given ? colour[given] : background;
    if (given && shown.toLowerCase() === set.toLowerCase()) return [];
    return [{ use, given: set, shown, ratio: Math.round(colours.contrastRatio(shown, background) * 100) / 100, minimum }];
  });
}
