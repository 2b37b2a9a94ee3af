import { brandPalette } from '../branding/palette.js';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The platform's colours as the hosted pages derive them (contrast-checked), as CSS custom properties. */
export function themeCss(brand: { primary: string; secondary: string }, selector = ':root'): string {
  const primary = HEX.test(brand.primary) ? brand.primary : '#1f4fd8';
  const secondary = HEX.test(brand.secondary) ? brand.secondary : '#0f172a';
  const properties = Object.entries(brandPalette(primary, secondary)).map(([name, value]) => `  ${name}: ${value};`);
  return `${selector} {\n${properties.join('\n')}\n}\n`;
}
