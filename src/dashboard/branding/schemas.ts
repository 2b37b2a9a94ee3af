import { Type, type Static } from 'typebox';
import { BRANDING_FORMATS } from '../../branding/schemas.js';
import { Csrf, oneOf } from '../schemas.js';

const AccountId = Type.String({ maxLength: 64, pattern: '^acc_[A-Za-z0-9]+$' });
/** As typed: an empty field returns the member to what it inherits; the API's schema checks the rest. */
const Text = Type.Optional(Type.String({ maxLength: 200 }));

/** The fields of the branding form, posted to preview them or to save them. */
const fields = {
  name: Text,
  primary: Text,
  secondary: Text,
  format: Type.Optional(oneOf(BRANDING_FORMATS)),
  logo: Type.Optional(Type.String({ maxLength: 64, pattern: '^(|doc_[A-Za-z0-9]+)$' })),
};

export const BrandingQuery = Type.Object({ account: Type.Optional(AccountId), saved: Type.Optional(Type.Literal('1')) }, { additionalProperties: false });

export const BrandingForm = Type.Object(
  { _csrf: Csrf, account: AccountId, intent: Type.Union([Type.Literal('preview'), Type.Literal('save')]), ...fields },
  { additionalProperties: false },
);
export type BrandingForm = Static<typeof BrandingForm>;
export type BrandingFields = Pick<BrandingForm, keyof typeof fields>;

const Hex = Type.Optional(Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }));
/** The colours of the previews' two brands, for their style sheet. */
export const PreviewColours = Type.Object({ pp: Hex, ps: Hex, mp: Hex, ms: Hex }, { additionalProperties: false });

export const LogoParams = Type.Object({ id: Type.String({ maxLength: 64, pattern: '^doc_[A-Za-z0-9]+$' }) });
