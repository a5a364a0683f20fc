import {
  EXPOSURE_KINDS as RECORD_KINDS,
  EXPOSURE_LOCATIONS,
  OTHER,
  exposureLocationLabel,
} from '@muster/contract/toxic-exposures';
import { describe, expect, it } from 'vitest';

import { EXPOSURE_KINDS, exposureLocations } from './presumptive.ts';

/**
 * A veteran records an exposure with the places of VA's claim form (the contract); the presumptive
 * lists check it against their own places (imported from VA's data). Both must speak of the same
 * places, or an exposure that qualifies would never be flagged presumptive.
 */
describe('[DOMAIN][EXPOSURE PLACES]: the recorded places and the presumptive lists agree', () => {
  it.each(EXPOSURE_KINDS)(
    'every %s place of the lists can be recorded, and the other way round',
    (kind) => {
      expect(RECORD_KINDS).toContain(kind);
      const listed = exposureLocations(kind).map((place) => place.key);
      // Camp Lejeune is one place: the record takes none, the lists name it.
      const recorded =
        kind === 'camp_lejeune'
          ? ['camp_lejeune']
          : EXPOSURE_LOCATIONS[kind].filter((place) => place !== OTHER);
      expect([...recorded].sort()).toEqual([...listed].sort());
    },
  );

  it('names each radiation-risk activity in the lists’ words', () => {
    for (const place of exposureLocations('radiation')) {
      expect(exposureLocationLabel('radiation', place.key)).toBe(place.label);
    }
  });
});
