import { z } from 'zod';

/**
 * Where and to what a veteran was exposed, in the words and keys of VA's 21-526EZ (VA.gov's
 * disability claim form, toxic exposure section). The keys are VA's own, so an exposure maps onto
 * the form field for field. Copied from VA.gov's form constants (vets-website,
 * `src/applications/disability-benefits/all-claims/constants.js`, whose keys are the form schema's
 * `toxicExposure` property names), so the app needs no copy of the reference data at run time. The
 * form's "None of these" and "I'm not sure" answers are left out: a stored exposure says that there
 * was one.
 */

/** Gulf War service from 2 August 1990: the form's list of places. */
export const GULF_WAR_1990_LOCATIONS = {
  afghanistan: 'Afghanistan',
  bahrain: 'Bahrain',
  egypt: 'Egypt',
  iraq: 'Iraq',
  israel: 'Israel',
  jordan: 'Jordan',
  kuwait: 'Kuwait',
  neutralzone: 'Neutral zone between Iraq and Saudi Arabia',
  oman: 'Oman',
  qatar: 'Qatar',
  saudiarabia: 'Saudi Arabia',
  somalia: 'Somalia',
  syria: 'Syria',
  uae: 'The United Arab Emirates (UAE)',
  turkey: 'Turkey',
  waters: 'The waters of the Arabian Sea, Gulf of Aden, Gulf of Oman, Persian Gulf, and Red Sea',
  airspace: 'The airspace above any of these locations',
} as const;

/** Post-9/11 service (from 11 September 2001) in places the 1990 list does not already name. */
export const GULF_WAR_2001_LOCATIONS = {
  djibouti: 'Djibouti',
  lebanon: 'Lebanon',
  uzbekistan: 'Uzbekistan',
  yemen: 'Yemen',
  airspace: 'The airspace above any of these locations',
} as const;

/** Places of herbicide (Agent Orange) exposure. */
export const HERBICIDE_LOCATIONS = {
  cambodia: 'Cambodia at Mimot or Krek, Kampong Cham Province',
  guam: 'Guam, American Samoa, or their territorial waters',
  koreandemilitarizedzone: 'In or near the Korean demilitarized zone',
  johnston: 'Johnston Atoll or on a ship that called at Johnston Atoll',
  laos: 'Laos',
  c123: 'Somewhere you had contact with C-123 airplanes while serving in the Air Force or the Air Force Reserves',
  thailand: 'A U.S. or Royal Thai military base in Thailand',
  vietnam: 'Vietnam or the waters in or off of Vietnam',
} as const;

/**
 * The radiation-risk activities of VA's presumption for radiation-exposed veterans (38 CFR
 * 3.309(d)(3)), in plain words. A radiation exposure names one of them, or `other` with details:
 * only these activities carry the presumption.
 */
export const RADIATION_ACTIVITIES = {
  nuclear_test: 'Onsite participation in a U.S. atmospheric or underwater nuclear test',
  eniwetok_garrison: 'Garrison or maintenance forces on Eniwetok',
  crossroads_decontamination: 'Decontaminating Operation Crossroads ships at a naval shipyard',
  hiroshima_nagasaki: 'Occupation of Hiroshima or Nagasaki, Japan',
  japan_prisoner_of_war: 'Prisoner of war in Japan during World War II',
  gaseous_diffusion_plant:
    'Gaseous diffusion plant at Paducah, KY, Portsmouth, OH, or area K25 at Oak Ridge, TN',
  amchitka: 'Amchitka Island, Alaska (Long Shot, Milrow or Cannikin underground tests)',
  special_exposure_cohort:
    'Service that would qualify a Department of Energy employee for the Special Exposure Cohort',
  enewetak_cleanup: 'Cleanup of Enewetak Atoll',
  palomares: 'Response to the B-52 collision near Palomares, Spain',
  thule: 'Response to the B-52 crash near Thule Air Force Base, Greenland',
} as const;

/** Other toxic exposures the form asks about, wherever they happened. */
export const ADDITIONAL_HAZARDS = {
  asbestos: 'Asbestos',
  chemical:
    'Chemical and biological warfare testing through Project 112 or Project Shipboard Hazard and Defense (SHAD)',
  water: 'Contaminated water at Camp Lejeune or MCAS New River, North Carolina',
  mos: 'Military Occupational Specialty (MOS)-related toxin',
  mustardgas: 'Mustard Gas',
  radiation: 'Radiation',
} as const;

/** A place or hazard the lists do not name; its description goes in `location_details`. */
export const OTHER = 'other';

/**
 * The kinds of exposure a claim can rest on. Burn pits and other airborne hazards were at the Gulf
 * War places (1990 and post-9/11 lists together); Camp Lejeune (or MCAS New River) is one place, so
 * it takes no location; radiation names its radiation-risk activity (or another, in words); other
 * hazards name one of the form's other exposures.
 */
export const EXPOSURE_KINDS = [
  'gulf_war_1990',
  'gulf_war_2001',
  'herbicide',
  'burn_pits',
  'camp_lejeune',
  'radiation',
  'other_hazard',
] as const;
export const exposureKindSchema = z.enum(EXPOSURE_KINDS);
export type ExposureKind = z.infer<typeof exposureKindSchema>;

export const EXPOSURE_KIND_LABELS: Readonly<Record<ExposureKind, string>> = {
  gulf_war_1990: 'Gulf War (from August 1990)',
  gulf_war_2001: 'Post-9/11 (from September 2001)',
  herbicide: 'Herbicide (Agent Orange)',
  burn_pits: 'Burn pits and other airborne hazards',
  camp_lejeune: 'Contaminated water at Camp Lejeune',
  radiation: 'Radiation',
  other_hazard: 'Other toxic hazard',
};

type Key<T> = Extract<keyof T, string>;
const keysOf = <T extends object>(record: T) => Object.keys(record) as Key<T>[];

/** The location keys each kind accepts; an empty list means the kind takes no location. */
export const EXPOSURE_LOCATIONS: Readonly<Record<ExposureKind, readonly string[]>> = {
  gulf_war_1990: keysOf(GULF_WAR_1990_LOCATIONS),
  gulf_war_2001: keysOf(GULF_WAR_2001_LOCATIONS),
  herbicide: [...keysOf(HERBICIDE_LOCATIONS), OTHER],
  burn_pits: [
    ...new Set([...keysOf(GULF_WAR_1990_LOCATIONS), ...keysOf(GULF_WAR_2001_LOCATIONS)]),
    OTHER,
  ],
  camp_lejeune: [],
  radiation: [...keysOf(RADIATION_ACTIVITIES), OTHER],
  other_hazard: [],
};

/** Every location key of every kind (which kind takes which is checked beside it). */
export const ALL_EXPOSURE_LOCATIONS = [
  ...new Set([
    ...keysOf(GULF_WAR_1990_LOCATIONS),
    ...keysOf(GULF_WAR_2001_LOCATIONS),
    ...keysOf(HERBICIDE_LOCATIONS),
    ...keysOf(RADIATION_ACTIVITIES),
    OTHER,
  ]),
] as [string, ...string[]];

/**
 * The hazard an `other_hazard` exposure names. Contaminated water and radiation have kinds of their
 * own, so they are not offered here.
 */
export const OTHER_HAZARDS = ['asbestos', 'chemical', 'mos', 'mustardgas', OTHER] as const;
export const otherHazardSchema = z.enum(OTHER_HAZARDS);

/** Hazards met on top of an exposure (asbestos on a ship off Vietnam, say). */
export const ADDITIONAL_HAZARD_KEYS = keysOf(ADDITIONAL_HAZARDS) as [
  Key<typeof ADDITIONAL_HAZARDS>,
  ...Key<typeof ADDITIONAL_HAZARDS>[],
];
export const additionalHazardSchema = z.enum(ADDITIONAL_HAZARD_KEYS);
export type AdditionalHazard = z.infer<typeof additionalHazardSchema>;

/** VA's words for a location key of a kind, or undefined when the kind has no such location. */
export function exposureLocationLabel(kind: ExposureKind, location: string): string | undefined {
  if (!EXPOSURE_LOCATIONS[kind].includes(location)) return undefined;
  if (location === OTHER) return 'Another location';
  const lists: Record<string, string>[] =
    kind === 'herbicide'
      ? [HERBICIDE_LOCATIONS]
      : kind === 'radiation'
        ? [RADIATION_ACTIVITIES]
        : kind === 'gulf_war_2001'
          ? [GULF_WAR_2001_LOCATIONS]
          : [GULF_WAR_1990_LOCATIONS, GULF_WAR_2001_LOCATIONS];
  return lists.map((list) => list[location]).find((label) => label !== undefined);
}
