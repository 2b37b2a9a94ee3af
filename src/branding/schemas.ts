import { Type, type Static } from 'typebox';
import { HexColor, Nullable, PlainLine, StringEnum } from '../core/formats.js';
import { idPattern } from '../core/ids.js';

/**
 * Whose brand the payment page leads with: merchant_primary (the specification's observed value)
 * shows the merchant's name, colours and logo once the merchant has set a branding of its own, the
 * platform's until then; platform_primary always shows the platform's.
 */
export const BRANDING_FORMATS = ['merchant_primary', 'platform_primary'] as const;
export type BrandingFormat = (typeof BRANDING_FORMATS)[number];

/** The largest logo a branding may use: it is sent with every page. */
export const MAX_LOGO_BYTES = 256 * 1024;

const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'HEX colour' });
const BrandName = PlainLine({ minLength: 1, maxLength: 80 });

export const Branding = Type.Object({
  account_id: Type.String({ pattern: idPattern('acc') }),
  name: Type.String({ description: "The name the pages show: the one set, else the platform's name or the merchant's business name" }),
  colors: Type.Object({ primary: Color, secondary: Color }, { description: "The colours set, else the platform's (a merchant's default)" }),
  format: StringEnum(BRANDING_FORMATS, { description: "Whose brand the payment page leads with; a merchant's null follows its platform's" }),
  logo: Nullable(
    Type.Object({
      document_id: Type.String({ pattern: idPattern('doc') }),
      url: Type.String({ description: 'Where the pages load it from: this server, without a token' }),
    }),
  ),
  /** The fields that are inherited rather than set: null in the last update, or never given. */
  inherited: Type.Array(StringEnum(['name', 'colors.primary', 'colors.secondary', 'format', 'logo'] as const)),
  contrast_adjustments: Type.Array(
    Type.Object({
      use: StringEnum(['links_and_focus', 'button_text', 'header_text', 'button_edge'] as const),
      given: Color,
      shown: Color,
      ratio: Type.Number({ description: 'WCAG 2 contrast of the shown colour on its background' }),
      minimum: Type.Number({ description: 'The ratio WCAG AA asks for this use' }),
    }),
    { description: 'Where the pages show another colour than the one set so that text and focus rings read (WCAG AA)' },
  ),
});
export type Branding = Static<typeof Branding>;

export const BrandingUpdate = Type.Object(
  {
    name: Type.Optional(Nullable(BrandName)),
    colors: Type.Optional(
      Type.Object({ primary: Type.Optional(Nullable(HexColor())), secondary: Type.Optional(Nullable(HexColor())) }, { additionalProperties: false }),
    ),
    format: Type.Optional(Nullable(StringEnum(BRANDING_FORMATS))),
    logo_document_id: Type.Optional(
      Nullable(Type.String({ pattern: idPattern('doc'), description: `A company_logo document of at most ${MAX_LOGO_BYTES / 1024} KB (PNG, JPEG or SVG)` })),
    ),
  },
  { additionalProperties: false, description: 'Only the members given change; null returns a member to what it inherits', examples: [{ name: 'Ticketwelt', colors: { primary: '#0a7d4f' }, logo_document_id: null }] },
);
export type BrandingUpdate = Static<typeof BrandingUpdate>;

export const BrandingParams = Type.Object({ account_id: Type.String() });
export const LogoParams = Type.Object({ document_id: Type.String({ pattern: idPattern('doc') }) });
