import type { BusinessType } from '../reference/service.js';
import type { StepLinks, Workflow } from './schemas.js';

/**
 * The hosted onboarding workflow as data: each step's path, methods, prerequisites and when it
 * counts as done. Everything the step answers carry (workflow, _links, the 409 for a step taken
 * too early) is derived from this one table.
 */
export interface Progress {
  applicantConfirmed: boolean;
  applicantDetails: boolean;
  businessType: BusinessType | null;
  businessProfile: boolean;
  representatives: number;
  representativesConfirmed: boolean;
  payoutAccount: boolean;
  submitted: boolean;
}

export type StepName =
  | 'app:confirm-applicant'
  | 'app:applicant'
  | 'app:business-type'
  | 'app:business-profile'
  | 'app:field-configuration'
  | 'app:representatives'
  | 'app:confirm-representatives'
  | 'app:payout-account'
  | 'app:submit';

interface StepDefinition {
  path: string;
  methods: string[];
  requires: (progress: Progress) => StepName[];
  done: (progress: Progress) => boolean;
}

const always = () => true;
/** A sole trader may have no representative besides the applicant; every other business names one. */
const soleTrader = (p: Progress) => p.businessType === 'individual_sole_trader';

const STEPS: Record<StepName, StepDefinition> = {
  'app:confirm-applicant': { path: '/confirm-applicant', methods: ['POST'], requires: () => [], done: (p) => p.applicantConfirmed },
  'app:applicant': { path: '/applicant', methods: ['PATCH'], requires: () => ['app:confirm-applicant'], done: (p) => p.applicantDetails },
  'app:business-type': { path: '/business-type', methods: ['POST'], requires: () => ['app:confirm-applicant'], done: (p) => p.businessType !== null },
  'app:business-profile': { path: '/business-profile', methods: ['PUT'], requires: () => ['app:business-type'], done: (p) => p.businessProfile },
  'app:field-configuration': { path: '/field-configuration/business-profile', methods: ['GET'], requires: () => ['app:business-type'], done: always },
  'app:representatives': {
    path: '/representatives',
    methods: ['POST'],
    requires: () => ['app:business-profile'],
    done: (p) => p.representatives > 0 || (soleTrader(p) && p.representativesConfirmed),
  },
  'app:confirm-representatives': {
    path: '/confirm-representatives',
    methods: ['POST'],
    requires: (p) => (soleTrader(p) ? ['app:business-profile'] : ['app:representatives']),
    done: (p) => p.representativesConfirmed && (soleTrader(p) || p.representatives > 0),
  },
  'app:payout-account': { path: '/payout-account', methods: ['PUT'], requires: () => ['app:confirm-representatives'], done: (p) => p.payoutAccount },
  'app:submit': { path: '/submit', methods: ['POST'], requires: () => ['app:applicant', 'app:payout-account'], done: (p) => p.submitted },
};

/** The steps the table of the specification walks through, in order. */
const CHAIN: readonly StepName[] = [
  'app:confirm-applicant',
  'app:business-type',
  'app:business-profile',
  'app:representatives',
  'app:confirm-representatives',
  'app:payout-account',
  'app:submit',
];

export const APPLICATION_PATH = '/smo/application';

export function stepPath(step: StepName): string {
  return `${APPLICATION_PATH}${STEPS[step].path}`;
}

/** The earliest prerequisite of a step that is not done (prerequisites of prerequisites first). */
export function missingStep(step: StepName, progress: Progress): StepName | undefined {
  for (const required of STEPS[step].requires(progress)) {
    const deeper = missingStep(required, progress);
    if (deeper) return deeper;
    if (!STEPS[required].done(progress)) return required;
  }
  return undefined;
}

function nextStep(progress: Progress): StepName | null {
  if (progress.submitted) return null;
  const next = CHAIN.find((step) => !STEPS[step].done(progress));
  if (next === 'app:submit' && !progress.applicantDetails) return 'app:applicant';
  return next ?? null;
}

export function workflowOf(progress: Progress): Workflow {
  const next = nextStep(progress);
  if (next === null) return { previous: 'app:submit', next: null, complete: true };
  const position = next === 'app:applicant' ? CHAIN.indexOf('app:submit') : CHAIN.indexOf(next);
  return { previous: CHAIN[position - 1] ?? null, next, complete: false };
}

/**
 * The links of an application: itself, and every step whose prerequisites are met while it can
 * still change; once submitted, the way back to the platform instead.
 */
export function linksOf(progress: Progress, onboardingUrl: string, redirectUrl: string | null): StepLinks {
  const links: StepLinks = { 'app:application': { href: `${onboardingUrl}${APPLICATION_PATH}`, methods: ['GET'] } };
  if (progress.submitted) {
    if (redirectUrl) links['app:redirect'] = { href: redirectUrl, methods: ['GET'] };
    return links;
  }
  for (const [step, definition] of Object.entries(STEPS) as [StepName, StepDefinition][]) {
    if (!missingStep(step, progress)) links[step] = { href: `${onboardingUrl}${stepPath(step)}`, methods: definition.methods };
  }
  return links;
}
