import { describe, expect, it } from 'vitest';
import { linksOf, missingStep, workflowOf, type Progress } from './workflow.js';

const fresh: Progress = {
  applicantConfirmed: false,
  applicantDetails: false,
  businessType: null,
  businessProfile: false,
  representatives: 0,
  representativesConfirmed: false,
  payoutAccount: false,
  submitted: false,
};

describe('missingStep', () => {
  it('names the earliest missing prerequisite, however far back', () => {
    expect(missingStep('app:payout-account', fresh)).toBe('app:confirm-applicant');
    expect(missingStep('app:payout-account', { ...fresh, applicantConfirmed: true, businessType: 'company' })).toBe('app:business-profile');
  });

  it('asks a company, but not a sole trader, for a representative before confirming them', () => {
    const profiled = { ...fresh, applicantConfirmed: true, businessProfile: true };
    expect(missingStep('app:confirm-representatives', { ...profiled, businessType: 'company' })).toBe('app:representatives');
    expect(missingStep('app:confirm-representatives', { ...profiled, businessType: 'individual_sole_trader' })).toBeUndefined();
  });

  it('does not count an empty list confirmed by a sole trader once the business is a company', () => {
    const confirmedEmpty = { ...fresh, applicantConfirmed: true, applicantDetails: true, businessProfile: true, representativesConfirmed: true, payoutAccount: true };
    expect(missingStep('app:submit', { ...confirmedEmpty, businessType: 'individual_sole_trader' })).toBeUndefined();
    expect(missingStep('app:submit', { ...confirmedEmpty, businessType: 'company' })).toBe('app:representatives');
  });
});

describe('workflowOf', () => {
  it('starts at confirm-applicant with no previous step', () => {
    expect(workflowOf(fresh)).toEqual({ previous: null, next: 'app:confirm-applicant', complete: false });
  });

  it('is complete with no next step once submitted', () => {
    expect(workflowOf({ ...fresh, submitted: true })).toEqual({ previous: 'app:submit', next: null, complete: true });
  });
});

describe('linksOf', () => {
  it('offers only the way back to the platform after submit, when there is one', () => {
    expect(Object.keys(linksOf({ ...fresh, submitted: true }, 'https://onboarding.example', null))).toEqual(['app:application']);
    expect(linksOf({ ...fresh, submitted: true }, 'https://onboarding.example', 'https://platform.example/done')['app:redirect']).toEqual({ href: 'https://platform.example/done', methods: ['GET'] });
  });
});
