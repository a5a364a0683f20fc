/**
 * US states and territories for addresses and their display.
 *
 * `ADDRESS_STATES` is the list VA.gov's 21-526EZ validates an address state against (the
 * vets-json-schema `state` definition): the 50 states, DC, the territories, the freely associated
 * states, the Philippine Islands, the minor outlying islands and the three military "states" AA, AE
 * and AP. An address is accepted only with one of these codes, so a record always prefills VA's
 * forms.
 *
 * `STATE_LIST` is the product's list for display (longName and shortName): the 50 states, DC,
 * American Samoa, Guam, the Northern Mariana Islands, Puerto Rico, the Trust Territories and the
 * Virgin Islands. The Trust Territories (TT) are shown by name when met but VA's form has no such
 * code, so no address is saved with it.
 */

export const ADDRESS_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'AA', name: 'Armed Forces Americas (AA)' },
  { code: 'AE', name: 'Armed Forces Europe (AE)' },
  { code: 'AP', name: 'Armed Forces Pacific (AP)' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District Of Columbia' },
  { code: 'FM', name: 'Federated States Of Micronesia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'GU', name: 'Guam' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MH', name: 'Marshall Islands' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PW', name: 'Palau' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PI', name: 'Philippine Islands' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UM', name: 'U.S. Minor Outlying Islands' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VI', name: 'Virgin Islands' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type AddressStateCode = (typeof ADDRESS_STATES)[number]['code'];
export const ADDRESS_STATE_CODES = ADDRESS_STATES.map((s) => s.code) as unknown as readonly [
  AddressStateCode,
  ...AddressStateCode[],
];

/** The military "states" of APO, FPO and DPO addresses. */
export const MILITARY_STATE_CODES = ['AA', 'AE', 'AP'] as const;
/** The "cities" of military and diplomatic mail: Army/Air Force, Fleet and Diplomatic Post Office. */
export const MILITARY_CITIES = ['APO', 'FPO', 'DPO'] as const;

export function isMilitaryState(code: string): boolean {
  return (MILITARY_STATE_CODES as readonly string[]).includes(code);
}

/** Whether a city names military or diplomatic mail (any case, surrounding spaces ignored). */
export function isMilitaryCity(city: string): boolean {
  return (MILITARY_CITIES as readonly string[]).includes(city.trim().toUpperCase());
}

export type StateListEntry = { longName: string; shortName: string };

/** The product's state list (50 states, DC and the territories it names), for display. */
export const STATE_LIST: readonly StateListEntry[] = [
  { longName: 'Alabama', shortName: 'AL' },
  { longName: 'Alaska', shortName: 'AK' },
  { longName: 'American Samoa', shortName: 'AS' },
  { longName: 'Arizona', shortName: 'AZ' },
  { longName: 'Arkansas', shortName: 'AR' },
  { longName: 'California', shortName: 'CA' },
  { longName: 'Colorado', shortName: 'CO' },
  { longName: 'Connecticut', shortName: 'CT' },
  { longName: 'Delaware', shortName: 'DE' },
  { longName: 'District of Columbia', shortName: 'DC' },
  { longName: 'Florida', shortName: 'FL' },
  { longName: 'Georgia', shortName: 'GA' },
  { longName: 'Guam', shortName: 'GU' },
  { longName: 'Hawaii', shortName: 'HI' },
  { longName: 'Idaho', shortName: 'ID' },
  { longName: 'Illinois', shortName: 'IL' },
  { longName: 'Indiana', shortName: 'IN' },
  { longName: 'Iowa', shortName: 'IA' },
  { longName: 'Kansas', shortName: 'KS' },
  { longName: 'Kentucky', shortName: 'KY' },
  { longName: 'Louisiana', shortName: 'LA' },
  { longName: 'Maine', shortName: 'ME' },
  { longName: 'Maryland', shortName: 'MD' },
  { longName: 'Massachusetts', shortName: 'MA' },
  { longName: 'Michigan', shortName: 'MI' },
  { longName: 'Minnesota', shortName: 'MN' },
  { longName: 'Mississippi', shortName: 'MS' },
  { longName: 'Missouri', shortName: 'MO' },
  { longName: 'Montana', shortName: 'MT' },
  { longName: 'Nebraska', shortName: 'NE' },
  { longName: 'Nevada', shortName: 'NV' },
  { longName: 'New Hampshire', shortName: 'NH' },
  { longName: 'New Jersey', shortName: 'NJ' },
  { longName: 'New Mexico', shortName: 'NM' },
  { longName: 'New York', shortName: 'NY' },
  { longName: 'North Carolina', shortName: 'NC' },
  { longName: 'North Dakota', shortName: 'ND' },
  { longName: 'Northern Mariana Islands', shortName: 'MP' },
  { longName: 'Ohio', shortName: 'OH' },
  { longName: 'Oklahoma', shortName: 'OK' },
  { longName: 'Oregon', shortName: 'OR' },
  { longName: 'Pennsylvania', shortName: 'PA' },
  { longName: 'Puerto Rico', shortName: 'PR' },
  { longName: 'Rhode Island', shortName: 'RI' },
  { longName: 'South Carolina', shortName: 'SC' },
  { longName: 'South Dakota', shortName: 'SD' },
  { longName: 'Tennessee', shortName: 'TN' },
  { longName: 'Texas', shortName: 'TX' },
  { longName: 'Trust Territories', shortName: 'TT' },
  { longName: 'Utah', shortName: 'UT' },
  { longName: 'Vermont', shortName: 'VT' },
  { longName: 'Virgin Islands', shortName: 'VI' },
  { longName: 'Virginia', shortName: 'VA' },
  { longName: 'Washington', shortName: 'WA' },
  { longName: 'West Virginia', shortName: 'WV' },
  { longName: 'Wisconsin', shortName: 'WI' },
  { longName: 'Wyoming', shortName: 'WY' },
];

/** The name to show for a state code: the display list first, then VA's list; the code when unknown. */
export function stateName(code: string): string {
  return (
    STATE_LIST.find((s) => s.shortName === code)?.longName ??
    ADDRESS_STATES.find((s) => s.code === code)?.name ??
    code
  );
}
