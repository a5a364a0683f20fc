import { describe, expect, it } from 'vitest';
import { calculateCombinedRating } from '../combined-rating.ts';
import { letterRatings, limbOf } from './letter-ratings.ts';

describe('limbOf', () => {
  it.each([
    ['Left knee strain', 'left-leg'],
    ['Limitation of flexion, right knee', 'right-leg'],
    ['Radiculopathy, left lower extremity (sciatic nerve)', 'left-leg'],
    ['Right shoulder impingement syndrome', 'right-arm'],
    ['Carpal tunnel syndrome, left wrist', 'left-arm'],
    ['Plantar fasciitis, right foot', 'right-leg'],
    ['Degenerative arthritis, right hip', 'right-leg'],
    ['Peripheral neuropathy, right upper extremity', 'right-arm'],
    ['Patellofemoral pain syndrome, left', 'left-leg'],
    ['Right Achilles tendinitis', 'right-leg'],
    ['Hallux valgus, left', 'left-leg'],
    ['Left rotator cuff tear', 'left-arm'],
    ['Carpal tunnel syndrome, right', 'right-arm'],
    ['Shin splints, right', 'right-leg'],
  ])('%s → %s', (condition, limb) => {
    expect(limbOf(condition)).toBe(limb);
  });

  it.each([
    'Posttraumatic stress disorder',
    'Tinnitus',
    'Bilateral hearing loss',
    'Left and right knee strain',
    'Lumbosacral strain',
    'Left ear hearing loss',
    'Left inguinal hernia',
    'Right femoral hernia',
  ])('%s has no single limb', (condition) => {
    expect(limbOf(condition)).toBeUndefined();
  });
});

describe('letterRatings', () => {
  it('keeps rated decisions only, with their limbs, and combines with the bilateral factor', () => {
    const ratings = letterRatings([
      { condition: 'Left knee strain', outcome: 'granted', percent: 10 },
      { condition: 'Right knee strain', outcome: 'increased', percent: 20 },
      { condition: 'Tinnitus', outcome: 'continued', percent: 10 },
      { condition: 'Sleep apnea', outcome: 'denied', percent: null },
      { condition: 'Hypertension', outcome: 'deferred', percent: null },
      { condition: 'Hearing loss', outcome: 'granted', percent: 0 },
      { condition: 'Migraine', outcome: 'severed', percent: 0 },
    ]);
    expect(ratings).toEqual([
      { condition: 'Left knee strain', percent: 10, limb: 'left-leg' },
      { condition: 'Right knee strain', percent: 20, limb: 'right-leg' },
      { condition: 'Tinnitus', percent: 10 },
      { condition: 'Hearing loss', percent: 0 },
    ]);
    const result = calculateCombinedRating({ ratings });
    // 20 and 10 combine to 28; the bilateral factor adds 2.8 → 30.8, rounded to 31; with 10 → 37.9 → 38 → 40.
    expect(result.bilateral_applied).toBe(true);
    expect(result.combined).toBe(40);
  });
});
