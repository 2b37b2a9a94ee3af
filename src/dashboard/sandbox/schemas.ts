import { Type, type Static } from 'typebox';
import { SCENARIOS } from '../../sandbox/scenarios.js';
import { Csrf } from '../schemas.js';
import { SHORTCUTS } from './next.js';

/** A duration as typed (`90s`, `15m`, `3h`, `2d`, `1d12h`): read by parseDuration, which says what is wrong. */
const DurationField = Type.String({ maxLength: 20 });

/** The sandbox page; with `duration` it previews what falls due if the clock moved that far. */
export const SandboxQuery = Type.Object({ duration: Type.Optional(DurationField) }, { additionalProperties: false });
export type SandboxQuery = Static<typeof SandboxQuery>;

export const AdvanceForm = Type.Object({ _csrf: Csrf, duration: DurationField, confirm: Type.Optional(Type.Literal('yes')) });

/** The webhook faults as the form sends them: text, read as numbers by DashboardSandbox.saveFaults. */
const FaultField = Type.String({ maxLength: 20 });
export const FaultsForm = Type.Object({
  _csrf: Csrf,
  duplicate_ratio: FaultField,
  reorder_ratio: FaultField,
  reorder_window_seconds: FaultField,
  delay_ratio: FaultField,
  delay_seconds: FaultField,
});

export const RunPayoutsForm = Type.Object({ _csrf: Csrf, confirm: Type.Optional(Type.Literal('yes')) });

export const TriggerForm = Type.Object({
  _csrf: Csrf,
  scenario: Type.Union(Object.keys(SCENARIOS).map((name) => Type.Literal(name))),
  confirm: Type.Optional(Type.Literal('yes')),
});

/** A shortcut on an object's page: the object's kind, its id and the shortcut (SHORTCUTS). */
export const ShortcutParams = Type.Object({
  object: Type.Union(Object.keys(SHORTCUTS).map((object) => Type.Literal(object))),
  id: Type.String({ maxLength: 64 }),
  shortcut: Type.Union([...new Set(Object.values(SHORTCUTS).flat())].map((shortcut) => Type.Literal(shortcut))),
});
export const ShortcutForm = Type.Object({ _csrf: Csrf });
