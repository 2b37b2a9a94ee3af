import { Type, type Static } from 'typebox';
import { DateTime, StringEnum } from '../core/formats.js';

export const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

export const AdvanceClock = Type.Object({ seconds: Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_SECONDS, description: "How far to move this platform's sandbox clock forward" }) }, { additionalProperties: false, examples: [{ seconds: 172800 }] });
export const ClockMoved = Type.Object({
  now: DateTime({ description: "This platform's sandbox clock's new time" }),
  jobs_run: Type.Integer({ description: "This platform's scheduled work due at the new time, run before this answer (with what it scheduled in turn)" }),
});
export type ClockMoved = Static<typeof ClockMoved>;
export const ClockTime = Type.Object({ now: DateTime({ description: "This platform's sandbox clock's time: real time plus every advance this platform made" }) });
export type ClockTime = Static<typeof ClockTime>;

/** The steps the sandbox shows of each object's scheduled work, by the object. */
export const SCHEDULED_STEPS = {
  payments: ['payment_expires', 'collection_reported'],
  refunds: ['refund_sent', 'refund_reported'],
  payouts: ['payout_sent', 'payout_reported'],
  applications: ['compliance_decided'],
} as const;
export type ScheduledStep = (typeof SCHEDULED_STEPS)[keyof typeof SCHEDULED_STEPS][number];

export const ObjectSchedule = Type.Object(
  {
    now: DateTime({ description: "The sandbox clock's time this schedule was read at" }),
    data: Type.Array(
      Type.Object({
        step: StringEnum(Object.values(SCHEDULED_STEPS).flat(), {
          description:
            'payment_expires: an open payment ends canceled; collection_reported / refund_reported / payout_reported: the processor reports the money arrived (or failed); refund_sent / payout_sent: the refund or payout is handed to the processor; compliance_decided: the compliance checks decide',
        }),
        due_at: DateTime({ description: "When it runs, on the sandbox clock (a step past due runs within moments)" }),
        due_in_seconds: Type.Integer({ minimum: 0, description: 'How long until then on the sandbox clock (0: due now)' }),
      }),
      { description: 'The scheduled work of this object, soonest first; empty when nothing more is scheduled' },
    ),
  },
  { examples: [{ now: '2026-01-05T10:00:00.000Z', data: [{ step: 'collection_reported', due_at: '2026-01-07T10:00:00.000Z', due_in_seconds: 172800 }] }] },
);
export type ObjectSchedule = Static<typeof ObjectSchedule>;
