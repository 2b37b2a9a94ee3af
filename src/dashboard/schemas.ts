import { Type, type Static } from 'typebox';
import { PAYMENT_STATUSES } from '../payments/schemas.js';
import { ALL_SCOPES } from '../core/auth.js';
import { ConfirmationKey } from './confirmations.js';
import { DateString, PlainLine } from '../core/formats.js';
import { RefundDescription } from '../refunds/schemas.js';

/** A form's field: the browser sends an empty string for an empty field. */
export const oneOf = (values: readonly string[]) => Type.String({ pattern: `^(|${values.join('|')})$` });
/** A date that exists (9999-99-99 is 400, not a date to compute with), or empty. */
export const DateField = Type.Union([DateString(), Type.Literal('')]);
export const Csrf = Type.String({ maxLength: 100 });
/** An amount in the currency's major units, as typed: "12.50", "12,5", "1250". */
const AmountField = Type.String({ pattern: '^(|\\d{1,13}([.,]\\d{1,3})?)$' });

export const PaymentsQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(oneOf(PAYMENT_STATUSES)),
    method: Type.Optional(oneOf(['card', 'sepa_direct_debit'])),
    from: Type.Optional(DateField),
    to: Type.Optional(DateField),
    reference: Type.Optional(Type.String({ maxLength: 50 })),
    merchant: Type.Optional(Type.String({ pattern: '^(|acc_[0-9A-Za-z]{26})$' })),
    amount_from: Type.Optional(AmountField),
    amount_to: Type.Optional(AmountField),
    page: Type.Optional(Type.String({ pattern: '^(|[1-9]\\d{0,5})$' })),
  },
  { additionalProperties: false },
);
export type PaymentsQuery = Static<typeof PaymentsQuery>;

/** The periods home offers, in days; the first shown without a choice. */
export const PERIOD_DAYS = [14, 7, 30, 90] as const;

/** Home's period in days (one of those offered) and the merchant whose payments it counts. */
export const HomeQuery = Type.Object(
  { period: Type.Optional(oneOf(PERIOD_DAYS.map(String))), merchant: Type.Optional(Type.String({ pattern: '^(|acc_[0-9A-Za-z]{26})$' })) },
  { additionalProperties: false },
);

/** The days an export covers, both included; empty: from the first, to the last. */
export const PeriodQuery = Type.Object({ from: Type.Optional(DateField), to: Type.Optional(DateField) }, { additionalProperties: false });

export const PaymentParams = Type.Object({ id: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_]+$' }) });

export const SignInForm = Type.Object({ _csrf: Csrf, email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 200 }) });
export type SignInForm = Static<typeof SignInForm>;

export const SetupQuery = Type.Object({ token: Type.String({ maxLength: 100 }) });
export const SetupForm = Type.Object({ _csrf: Csrf, token: Type.String({ maxLength: 100 }), email: Type.Optional(Type.String()), password: Type.String({ maxLength: 1000 }) });

export const SessionForm = Type.Object({ _csrf: Csrf });
export const EnvironmentForm = Type.Object({ _csrf: Csrf, environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox')]) });
const PartText = Type.String({ maxLength: 20 });
export const RefundForm = Type.Object({
  _csrf: Csrf,
  /** Per party of the routing, the platform first: the amount to take back, as typed. */
  part: Type.Union([PartText, Type.Array(PartText, { minItems: 1, maxItems: 51 })]),
  description: RefundDescription,
  confirm: Type.Optional(Type.Literal('yes')),
  /** The confirmation page's key: the refund is made once, however often the confirmed form is sent. */
  once: Type.Optional(ConfirmationKey),
});

export const UserParams = Type.Object({ id: Type.String({ maxLength: 64, pattern: '^usr_[0-9A-Za-z]{26}$' }) });
const Role = Type.Union([Type.Literal('admin'), Type.Literal('developer'), Type.Literal('viewer')]);
export const NewUserForm = Type.Object({ _csrf: Csrf, email: Type.String({ maxLength: 254 }), role: Role });
export const RoleForm = Type.Object({ _csrf: Csrf, role: Role });

const ScopeField = Type.Union(ALL_SCOPES.map((scope) => Type.Literal(scope)));
export const NewClientForm = Type.Object({
  _csrf: Csrf,
  name: PlainLine({ minLength: 1, maxLength: 100 }),
  /** At least one of the known scopes (none chosen would otherwise mean every scope). */
  scope: Type.Union([ScopeField, Type.Array(ScopeField, { minItems: 1, maxItems: ALL_SCOPES.length })]),
});
export const ClientParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' }) });
export const ConfirmForm = Type.Object({ _csrf: Csrf, confirm: Type.Optional(Type.Literal('yes')) });
