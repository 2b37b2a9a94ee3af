import { describe, expect, it } from 'vitest';
import { payoutRailSettings } from './config.js';

const DEBTOR = { PAYOUT_DEBTOR_NAME: 'Zahlwerk GmbH', PAYOUT_DEBTOR_IBAN: 'de89 3704 0044 0532 0130 00' };

describe('payoutRailSettings', () => {
  it('answers the simulator everywhere by default, and no debtor', () => {
    expect(payoutRailSettings({})).toEqual({ rails: { live: 'simulator', sandbox: 'simulator' }, debtor: undefined });
  });

  it('takes PAYOUT_RAIL for both environments, each overridden by its own variable', () => {
    expect(payoutRailSettings({ PAYOUT_RAIL: 'sepa_file', ...DEBTOR }).rails).toEqual({ live: 'sepa_file', sandbox: 'sepa_file' });
    expect(payoutRailSettings({ PAYOUT_RAIL: 'sepa_file', SANDBOX_PAYOUT_RAIL: 'simulator', ...DEBTOR }).rails).toEqual({ live: 'sepa_file', sandbox: 'simulator' });
    expect(payoutRailSettings({ SANDBOX_PAYOUT_RAIL: 'sepa_file', ...DEBTOR }).rails).toEqual({ live: 'simulator', sandbox: 'sepa_file' });
    expect(payoutRailSettings({ LIVE_PAYOUT_RAIL: 'sepa_file', PAYOUT_RAIL: '', ...DEBTOR }).rails).toEqual({ live: 'sepa_file', sandbox: 'simulator' });
  });

  it('reads the debtor when an environment uses sepa_file: IBAN in electronic format, name in the SEPA set, BIC optional', () => {
    expect(payoutRailSettings({ SANDBOX_PAYOUT_RAIL: 'sepa_file', ...DEBTOR }).debtor).toEqual({ name: 'Zahlwerk GmbH', iban: 'DE89370400440532013000', bic: undefined });
    expect(payoutRailSettings({ PAYOUT_RAIL: 'sepa_file', PAYOUT_DEBTOR_NAME: 'Zahlwerk Süd', PAYOUT_DEBTOR_IBAN: 'DE89370400440532013000', PAYOUT_DEBTOR_BIC: 'cobadeffxxx' }).debtor)
      .toEqual({ name: 'Zahlwerk Sued', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  });

  it('does not ask for a debtor while every environment uses the simulator', () => {
    expect(payoutRailSettings({ PAYOUT_DEBTOR_IBAN: 'nonsense' }).debtor).toBeUndefined();
  });

  it('stops with one line naming every missing value', () => {
    expect(() => payoutRailSettings({ LIVE_PAYOUT_RAIL: 'sepa_file' })).toThrow(
      'Payout rail settings: PAYOUT_DEBTOR_NAME is missing (the sepa_file payout rail needs it); PAYOUT_DEBTOR_IBAN is missing (the sepa_file payout rail needs it)',
    );
  });

  it('stops with one line naming every bad value', () => {
    let message = '';
    try {
      payoutRailSettings({ PAYOUT_RAIL: 'bank', SANDBOX_PAYOUT_RAIL: 'sepa_file', PAYOUT_DEBTOR_NAME: 'X'.repeat(71), PAYOUT_DEBTOR_IBAN: 'DE89370400440532013001', PAYOUT_DEBTOR_BIC: 'COBA' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('PAYOUT_RAIL must be simulator or sepa_file, got "bank"');
    expect(message).toContain('PAYOUT_DEBTOR_NAME must be at most 70 characters, has 71');
    expect(message).toContain('PAYOUT_DEBTOR_IBAN fails the mod-97 check');
    expect(message).toContain('PAYOUT_DEBTOR_BIC is not a BIC');
    expect(() => payoutRailSettings({ LIVE_PAYOUT_RAIL: 'SEPA', ...DEBTOR })).toThrow('LIVE_PAYOUT_RAIL must be simulator or sepa_file, got "SEPA"');
  });

  it('refuses a debtor account outside SEPA and a name with nothing left in the SEPA set', () => {
    expect(() => payoutRailSettings({ PAYOUT_RAIL: 'sepa_file', PAYOUT_DEBTOR_NAME: '#*@;', PAYOUT_DEBTOR_IBAN: 'BR1800360305000010009795493C1' }))
      .toThrow("PAYOUT_DEBTOR_NAME has no character of the SEPA set (a-z A-Z 0-9 / - ? : ( ) . , ' + space); PAYOUT_DEBTOR_IBAN must be an account in a SEPA country");
  });
});
