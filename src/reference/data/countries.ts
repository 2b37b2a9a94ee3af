/**
 * Members of the European Economic Area: the 27 member states of the European Union (EUR-Lex,
 * Treaty on European Union art. 52, as of the accession of Croatia in 2013 and the withdrawal of
 * the United Kingdom in 2020) plus Iceland, Liechtenstein and Norway (EEA Agreement, EFTA).
 * Switzerland is in EFTA but not in the EEA.
 */
export const EEA_MEMBERS: ReadonlySet<string> = new Set([
  // European Union
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE',
  'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  // EEA EFTA states
  'IS', 'LI', 'NO',
]);

/**
 * Calling codes of the territories libphonenumber has no numbering plan for (they have no
 * subscribers of their own): the code each is reached under in the ITU-T E.164 assignment
 * (Antarctica and Heard Island via the Australian external territories' +672, Bouvet Island via
 * Norway, the French Southern Territories via Réunion, Pitcairn via New Zealand, South Georgia via
 * the Falkland Islands, the US Minor Outlying Islands via the North American Numbering Plan).
 */
export const CALLING_CODE_OVERRIDES: Readonly<Record<string, string>> = {
  AQ: '672',
  BV: '47',
  HM: '672',
  TF: '262',
  PN: '64',
  GS: '500',
  UM: '1',
};
