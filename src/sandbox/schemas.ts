import { Type, type Static } from 'typebox';
import { DateTime } from '../core/formats.js';

export const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

export const AdvanceClock = Type.Object({ seconds: Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_SECONDS, description: "How far to move this platform's sandbox clock forward" }) }, { additionalProperties: false, examples: [{ seconds: 172800 }] });
export const ClockMoved = Type.Object({
  now: DateTime({ description: "This platform's sandbox clock's new time" }),
  jobs_run: Type.Integer({ description: "This platform's scheduled work due at the new time, run before this answer (with what it scheduled in turn)" }),
});
export type ClockMoved = Static<typeof ClockMoved>;
export const ClockTime = Type.Object({ now: DateTime({ description: "This platform's sandbox clock's time: real time plus every advance this platform made" }) });
export type ClockTime = Static<typeof ClockTime>;
