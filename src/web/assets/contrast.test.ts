import { describe, expect, it } from 'vitest';

/** common.js is the pages' own script (no types): its colour functions are pure and run in Node too. */
interface Colours {
  contrastRatio(a: string, b: string): number;
  brandPalette(primary: string, secondary: string): Record<string, string>;
}
const { contrastRatio, brandPalette } = (await import(new URL('./common.js', import.meta.url).href)) as Colours;

const SURFACE = '#ffffff';
const BACKGROUND = '#f3f4f6';

/** Every 17th step of each channel: 4 096 brands from black to white, greys, pastels and saturated colours. */
function* brands(): Generator<string> {
  for (let r = 0; r <= 255; r += 17) for (let g = 0; g <= 255; g += 17) for (let b = 0; b <= 255; b += 17) yield `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

describe('brand colours (WCAG 2 AA, whatever the brand)', () => {
  it('computes the contrast ratio of WCAG 2', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#f3f4f6', '#f3f4f6')).toBe(1);
  });

  it('gives text ≥ 4.5:1 and focus rings and button edges ≥ 3:1 for every brand', () => {
    for (const colour of brands()) {
      const palette = brandPalette(colour, colour);
      const problems = [
        contrastRatio(palette['--on-primary']!, colour) < 4.5 && 'on-primary',
        contrastRatio(palette['--on-secondary']!, colour) < 4.5 && 'on-secondary',
        contrastRatio(palette['--accent']!, SURFACE) < 4.5 && 'accent on the panel',
        contrastRatio(palette['--focus']!, SURFACE) < 3 && 'focus on the panel',
        contrastRatio(palette['--focus']!, BACKGROUND) < 3 && 'focus on the page',
        contrastRatio(palette['--badge-ink']!, palette['--badge-bg']!) < 4.5 && 'badge',
        contrastRatio(palette['--primary-edge']!, SURFACE) < 3 && 'button edge',
      ].filter(Boolean);
      expect(problems, colour).toEqual([]);
    }
  });

  it('keeps a brand colour that already reads, and its hue when darkening one that does not', () => {
    expect(brandPalette('#0f766e', '#1e293b')['--accent']).toBe('#0f766e');
    const accent = brandPalette('#fde047', '#ffffff')['--accent']!; // a light yellow, darkened
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(accent.slice(at, at + 2), 16));
    expect(r).toBeGreaterThan(b!);
    expect(g).toBeGreaterThan(b!);
  });
});
