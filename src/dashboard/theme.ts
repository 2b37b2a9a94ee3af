import { brandPalette } from '../branding/palette.js';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The platform's colours as the hosted pages derive them (contrast-checked), as CSS custom properties. */
export function themeCss(brand: { primary_color: string; secondary_color: string }): string {
  const primary = HEX.test(brand.primary_color) ? brand.primary_color : '#1f4fd8';
  const secondary = HEX.test(brand.secondary_color) ? brand.secondary_color : '#0f172a';
  const properties = Object.entries(brandPalette(primary, secondary)).map(([name, value]) => `  ${name}: ${value};`);
  return `:root {\n${properties.join('\n')}\n}\n`;
}
