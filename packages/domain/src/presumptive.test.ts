import { describe, expect, it } from 'vitest';
import {
  MAX_EXPOSURES,
  PresumptiveInputError,
  checkExposures,
  dateBounds,
  exposureLocations,
  presumptiveMatches,
  recognizeCondition,
  type Exposure,
  type PresumptiveCondition,
  type PresumptiveResult,
} from './presumptive.ts';

const TODAY = '2025-06-01';

function run(
  condition: string | PresumptiveCondition,
  exposures: Exposure[],
  diagnosticCodes?: string[],
): PresumptiveResult {
  const named = typeof condition === 'string' ? { name: condition } : condition;
  return presumptiveMatches({
    condition: diagnosticCodes ? { ...named, diagnosticCodes } : named,
    exposures,
    today: TODAY,
  });
}

const vietnam = (from?: string, to?: string): Exposure => ({
  kind: 'herbicide',
  location: 'vietnam',
  from,
  to,
});
const lejeune = (from?: string, to?: string, days?: number): Exposure => ({
  kind: 'camp_lejeune',
  location: 'camp_lejeune',
  from,
  to,
  days,
});
const gulf = (location: string, from?: string, to?: string): Exposure => ({
  kind: 'gulf_war_1990',
  location,
  from,
  to,
});

/**
 * Each case: a condition, the exposures, the lists it is flagged for ("list" when settled, "list?"
 * when something about the diagnosis, dates or days is left open) and the misses ("list:reason").
 */
type Case = [
  title: string,
  condition: string | PresumptiveCondition,
  exposures: Exposure[],
  matches: string[],
  misses?: string[],
];

const CASES: Case[] = [
  // Herbicides
  ['Vietnam 1968 + type 2 diabetes', 'type 2 diabetes', [vietnam('1968', '1968')], ['herbicide']],
  [
    'Vietnam 1980 + diabetes: after the period',
    'diabetes mellitus type II',
    [vietnam('1980-01', '1980-06')],
    [],
    ['herbicide:outside_period'],
  ],
  [
    'Vietnam + diabetes of no stated type: open',
    'diabetes',
    [vietnam('1968', '1969')],
    ['herbicide?'],
  ],
  ['Vietnam + type 1 diabetes: not on the list', 'type 1 diabetes', [vietnam('1968', '1969')], []],
  [
    'catalogue label "diabetes, type 1 or type 2": open',
    'diabetes, type 1 or type 2',
    [vietnam('1968', '1969')],
    ['herbicide?'],
  ],
  ['Vietnam + NIDDM (synonym)', 'NIDDM', [vietnam('1966-03-01', '1967-02-28')], ['herbicide']],
  [
    'Thailand base 1970 + ischemic heart disease',
    'ischemic heart disease',
    [{ kind: 'herbicide', location: 'thailand', from: '1970', to: '1970' }],
    ['herbicide'],
  ],
  [
    'Thailand 1977 + heart attack: after June 30, 1976',
    'heart attack',
    [{ kind: 'herbicide', location: 'thailand', from: '1977-02', to: '1977-11' }],
    [],
    ['herbicide:outside_period'],
  ],
  [
    'Korean DMZ October 1967 (the statute’s period) + prostate cancer',
    'prostate cancer',
    [{ kind: 'herbicide', location: 'koreandemilitarizedzone', from: '1967-10', to: '1968-02' }],
    ['herbicide'],
  ],
  [
    'Laos 1970 + Parkinson’s: after September 30, 1969',
    "Parkinson's disease",
    [{ kind: 'herbicide', location: 'laos', from: '1970-01', to: '1970-06' }],
    [],
    ['herbicide:outside_period'],
  ],
  [
    'Cambodia (Mimot or Krek) April 1969 + non-Hodgkin lymphoma',
    'non-Hodgkin lymphoma',
    [{ kind: 'herbicide', location: 'cambodia', from: '1969-04-20', to: '1969-04-25' }],
    ['herbicide'],
  ],
  [
    'Guam 1979 + high blood pressure (PACT Act addition)',
    'high blood pressure',
    [{ kind: 'herbicide', location: 'guam', from: '1979', to: '1979' }],
    ['herbicide'],
  ],
  [
    'Johnston Atoll December 1977 + MGUS: after September 30, 1977',
    'MGUS',
    [{ kind: 'herbicide', location: 'johnston', from: '1977-12', to: '1978-03' }],
    [],
    ['herbicide:outside_period'],
  ],
  [
    'C-123 aircraft, any date + prostate cancer',
    'prostate cancer',
    [{ kind: 'herbicide', location: 'c123', from: '1975', to: '1980' }],
    ['herbicide'],
  ],
  ['Vietnam + chloracne', 'chloracne', [vietnam('1969', '1970')], ['herbicide']],
  [
    'Vietnam + pulmonary hypertension (not hypertension)',
    'pulmonary hypertension',
    [vietnam('1969', '1970')],
    [],
  ],
  [
    'Vietnam + Wolff-Parkinson-White (not Parkinson’s)',
    'Wolff-Parkinson-White syndrome',
    [vietnam('1969', '1970')],
    [],
  ],
  [
    'Vietnam + lung cancer (respiratory cancers)',
    'lung cancer',
    [vietnam('1969', '1970')],
    ['herbicide'],
  ],
  [
    'Vietnam + Kaposi’s sarcoma (left out of soft-tissue sarcoma)',
    "Kaposi's sarcoma",
    [vietnam('1969', '1970')],
    [],
  ],
  [
    'Vietnam + liposarcoma (a soft-tissue sarcoma)',
    'liposarcoma',
    [vietnam('1969', '1970')],
    ['herbicide'],
  ],
  [
    'Vietnam + CLL (a chronic B-cell leukemia)',
    'chronic lymphocytic leukemia (CLL)',
    [vietnam('1969', '1970')],
    ['herbicide'],
  ],
  [
    'Vietnam + early-onset peripheral neuropathy',
    'non-diabetic peripheral neuropathy, left lower extremities',
    [vietnam('1969', '1970')],
    ['herbicide?'],
  ],
  [
    'Vietnam + diabetic neuropathy: not early-onset',
    'diabetic peripheral neuropathy, left lower extremities',
    [vietnam('1969', '1970')],
    [],
  ],
  [
    'Vietnam with no dates + prostate cancer: dates left open',
    'prostate cancer',
    [vietnam()],
    ['herbicide?'],
  ],
  [
    'Vietnam 1975, year only, + IHD: could be before May 7',
    'coronary artery disease',
    [vietnam('1975', '1975')],
    ['herbicide?'],
  ],
  [
    'Vietnam 1962–1963, years only + prostate cancer: settled',
    'prostate cancer',
    [vietnam('1962', '1963')],
    ['herbicide'],
  ],
  [
    'code 7005 only, free text: open',
    { name: 'heart trouble', diagnosticCodes: ['7005'] },
    [vietnam('1969', '1970')],
    ['herbicide?'],
  ],
  ['Vietnam + knee strain', 'knee strain, left', [vietnam('1969', '1970')], []],

  // Camp Lejeune
  [
    'Camp Lejeune 1980, 45 days + kidney cancer',
    'kidney cancer (renal cancer), left',
    [lejeune('1980-03-01', '1980-04-14')],
    ['camp_lejeune'],
  ],
  [
    'Camp Lejeune 1980, 45 days stated + kidney cancer',
    'kidney cancer',
    [lejeune('1980', '1980', 45)],
    ['camp_lejeune'],
  ],
  [
    'Camp Lejeune 20 days + kidney cancer: too few',
    'kidney cancer',
    [lejeune('1980-06-01', '1980-06-20')],
    [],
    ['camp_lejeune:too_few_days'],
  ],
  [
    'Camp Lejeune 20 days stated + bladder cancer: too few',
    'bladder cancer',
    [lejeune('1975', '1976', 20)],
    [],
    ['camp_lejeune:too_few_days'],
  ],
  [
    'Camp Lejeune 1990 + kidney cancer: after 1987',
    'kidney cancer',
    [lejeune('1990-01-01', '1990-12-31')],
    [],
    ['camp_lejeune:outside_period'],
  ],
  [
    'Camp Lejeune: 31 days in December 1987 count',
    "Parkinson's disease",
    [lejeune('1987-12-01', '1988-03-01')],
    ['camp_lejeune'],
  ],
  [
    'Camp Lejeune: 27 days in December 1987 do not',
    "Parkinson's disease",
    [lejeune('1987-12-05', '1988-03-01')],
    [],
    ['camp_lejeune:too_few_days'],
  ],
  [
    'Camp Lejeune, 45 days but no dates: open',
    'lymphoma',
    [lejeune(undefined, undefined, 45)],
    ['camp_lejeune?'],
  ],
  [
    'Camp Lejeune + Hodgkin’s: not on that list',
    "Hodgkin's disease",
    [lejeune('1970', '1971')],
    [],
  ],
  [
    'Camp Lejeune + leukemia (adult leukemia)',
    'leukemia',
    [lejeune('1970-01-01', '1971-12-31')],
    ['camp_lejeune'],
  ],

  // Radiation
  [
    'Operation PLUMBBOB 1957 + acute myeloid leukemia',
    'acute myeloid leukemia',
    [{ kind: 'radiation', location: 'nuclear_test', from: '1957-06', to: '1957-08' }],
    ['radiation'],
  ],
  [
    'nuclear test + leukemia of no stated kind: not CLL',
    'leukemia',
    [{ kind: 'radiation', location: 'nuclear_test', from: '1957-06', to: '1957-08' }],
    ['radiation?'],
  ],
  [
    'nuclear test + CLL: left out',
    'CLL',
    [{ kind: 'radiation', location: 'nuclear_test', from: '1957-06', to: '1957-08' }],
    [],
  ],
  [
    'nuclear test 1960, between operations',
    'thyroid cancer',
    [{ kind: 'radiation', location: 'nuclear_test', from: '1960-01', to: '1960-06' }],
    [],
    ['radiation:outside_period'],
  ],
  [
    'Hiroshima occupation 1945 + thyroid cancer',
    'thyroid cancer',
    [{ kind: 'radiation', location: 'hiroshima_nagasaki', from: '1945-09', to: '1946-03' }],
    ['radiation'],
  ],
  [
    'Enewetak cleanup 1978 + bladder cancer (urinary tract)',
    'bladder cancer',
    [{ kind: 'radiation', location: 'enewetak_cleanup', from: '1978', to: '1978' }],
    ['radiation'],
  ],
  [
    'Palomares 1966 + breast cancer',
    'breast cancer, left',
    [{ kind: 'radiation', location: 'palomares', from: '1966-02', to: '1966-05' }],
    ['radiation'],
  ],
  [
    'gaseous diffusion plant, a year before 1992 + multiple myeloma',
    'multiple myeloma',
    [
      {
        kind: 'radiation',
        location: 'gaseous_diffusion_plant',
        from: '1985-01-01',
        to: '1985-12-31',
      },
    ],
    ['radiation'],
  ],
  [
    'gaseous diffusion plant, 100 days + stomach cancer: too few',
    'stomach cancer',
    [
      {
        kind: 'radiation',
        location: 'gaseous_diffusion_plant',
        from: '1990-01-01',
        to: '1990-04-10',
      },
    ],
    [],
    ['radiation:too_few_days'],
  ],
  [
    'Hiroshima + Hodgkin’s: lymphomas other than Hodgkin’s only',
    "Hodgkin's disease",
    [{ kind: 'radiation', location: 'hiroshima_nagasaki', from: '1945-09', to: '1946-03' }],
    [],
  ],

  // Gulf War, burn pits and other airborne hazards
  [
    'Iraq 2004 + asthma (burn pit lists)',
    'asthma',
    [gulf('iraq', '2004-03-01', '2004-11-30')],
    ['particulate_matter', 'pact_burn_pits'],
  ],
  ['Iraq 2004 + knee strain', 'knee strain', [gulf('iraq', '2004', '2004')], []],
  [
    'Iraq 2004 + hypertension: not a Gulf War list',
    'hypertension',
    [gulf('iraq', '2004', '2004')],
    [],
  ],
  [
    'Kuwait 1991 + chronic fatigue syndrome',
    'chronic fatigue syndrome',
    [gulf('kuwait', '1991-01', '1991-03')],
    ['gulf_war_illness'],
  ],
  [
    'Kuwait 1991 + joint pain: undiagnosed illness, open',
    'joint pain',
    [gulf('kuwait', '1991-01', '1991-03')],
    ['gulf_war_illness?'],
  ],
  [
    'Kuwait 1991 + irritable bowel syndrome',
    'irritable bowel syndrome (IBS)',
    [gulf('kuwait', '1991-01', '1991-03')],
    ['gulf_war_illness'],
  ],
  [
    'Afghanistan + fibromyalgia: not Southwest Asia',
    'fibromyalgia',
    [gulf('afghanistan', '2010', '2011')],
    [],
    ['gulf_war_illness:place_not_listed'],
  ],
  [
    'Afghanistan 2010 + malaria',
    'malaria',
    [gulf('afghanistan', '2010', '2011')],
    ['gulf_war_infectious'],
  ],
  [
    'Afghanistan 1995 + asthma: before 2001',
    'asthma',
    [gulf('afghanistan', '1995', '1996')],
    [],
    ['particulate_matter:outside_period', 'pact_burn_pits:outside_period'],
  ],
  [
    'Afghanistan 12–15 Sep 2001 + asthma: PACT yes, 3.320 not yet',
    'asthma',
    [gulf('afghanistan', '2001-09-12', '2001-09-15')],
    ['pact_burn_pits'],
    ['particulate_matter:outside_period'],
  ],
  [
    'Afghanistan 2005 + bladder cancer',
    'bladder cancer',
    [gulf('afghanistan', '2005', '2006')],
    ['toxic_genitourinary_cancers'],
  ],
  [
    'Israel 1991 + asthma: on no list',
    'asthma',
    [gulf('israel', '1991', '1991')],
    [],
    ['particulate_matter:place_not_listed', 'pact_burn_pits:place_not_listed'],
  ],
  [
    'Djibouti 2005 + COPD',
    'COPD',
    [{ kind: 'gulf_war_2001', location: 'djibouti', from: '2005', to: '2006' }],
    ['pact_burn_pits'],
  ],
  [
    'Yemen 2012 + MGUS',
    'monoclonal gammopathy of undetermined significance',
    [{ kind: 'gulf_war_2001', location: 'yemen', from: '2012', to: '2012' }],
    ['toxic_blood_cancers'],
  ],
  [
    'Somalia 1993 + squamous cell carcinoma of the larynx',
    'squamous cell carcinoma of the larynx',
    [gulf('somalia', '1993-01', '1993-06')],
    ['pact_burn_pits'],
    ['particulate_matter:place_not_listed'],
  ],
  [
    'burn pits in Iraq 2006 + glioblastoma',
    'glioblastoma',
    [{ kind: 'burn_pits', location: 'iraq', from: '2006', to: '2007' }],
    ['pact_burn_pits'],
  ],
  [
    'Iraq 2008 + constrictive bronchiolitis',
    'constrictive bronchiolitis (obliterative bronchiolitis)',
    [gulf('iraq', '2008', '2009')],
    ['pact_burn_pits'],
  ],
  [
    'Iraq 2008 + basal cell carcinoma of the head (head cancer)',
    'basal cell carcinoma of the skin, head or neck',
    [gulf('iraq', '2008', '2009')],
    ['pact_burn_pits'],
  ],
  [
    'Iraq 2008 + basal cell carcinoma of the trunk',
    'basal cell carcinoma of the skin, extremities or trunk',
    [gulf('iraq', '2008', '2009')],
    [],
  ],
  [
    'post-9/11 airspace 2003 + leukemia (acute or chronic)',
    'leukemia',
    [{ kind: 'gulf_war_2001', location: 'airspace', from: '2003', to: '2004' }],
    ['toxic_blood_cancers'],
  ],
  [
    'Iraq 2004 + rhinitis: chronic for the PACT Act list',
    'rhinitis',
    [gulf('iraq', '2004', '2005')],
    ['particulate_matter', 'pact_burn_pits?'],
  ],

  // Several exposures
  [
    'Vietnam 1969 and Iraq 2004 + lymphoma',
    'lymphoma',
    [vietnam('1969', '1970'), gulf('iraq', '2004', '2005')],
    ['herbicide', 'pact_burn_pits'],
  ],
];

function summary(result: PresumptiveResult) {
  return {
    matches: result.matches.map((m) => `${m.list.id}${m.confirmed ? '' : '?'}`).sort(),
    misses: result.misses.map((m) => `${m.list.id}:${m.reason}`).sort(),
  };
}

describe('[DOMAIN][PRESUMPTIVE]: conditions against places and periods', () => {
  it(`[DOMAIN]: the table has at least 40 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)('[DOMAIN]: %s', (_title, condition, exposures, matches, misses = []) => {
    expect(summary(run(condition, exposures))).toEqual({
      matches: [...matches].sort(),
      misses: [...misses].sort(),
    });
  });
});

/** Refused input: [title, exposures, the issue codes expected]. */
const REFUSED: [string, Exposure[], string[]][] = [
  ['a start in the future', [vietnam('2030', '2031')], ['date_in_future', 'date_in_future']],
  ['an end in the future', [vietnam('2024-01-01', '2025-06-02')], ['date_in_future']],
  ['an end before the start', [vietnam('1970', '1969')], ['dates_reversed']],
  ['a day that does not exist', [vietnam('1968-02-30', '1968-03-01')], ['bad_date']],
  ['a month that does not exist', [vietnam('1968-13', '1969')], ['bad_date']],
  ['a year before 1900', [vietnam('1899', '1969')], ['bad_date']],
  [
    'a place of another kind',
    [{ kind: 'herbicide', location: 'iraq', from: '1969' }],
    ['unknown_location'],
  ],
  ['an unknown kind', [{ kind: 'moon' as 'herbicide', location: 'vietnam' }], ['unknown_kind']],
  [
    'more days than the dates hold',
    [lejeune('1980-01-01', '1980-01-10', 30)],
    ['days_exceed_dates'],
  ],
  ['zero days', [lejeune('1980', '1981', 0)], ['bad_days']],
];

describe('[DOMAIN][PRESUMPTIVE]: refused input', () => {
  it.each(REFUSED)('[DOMAIN]: %s is refused', (_title, exposures, codes) => {
    expect(checkExposures(exposures, TODAY).map((issue) => issue.code)).toEqual(codes);
    expect(() => run('type 2 diabetes', exposures)).toThrow(PresumptiveInputError);
  });

  it('[DOMAIN]: the error names the exposure and field', () => {
    try {
      run('type 2 diabetes', [vietnam('1968', '1969'), vietnam('1972', '1970')]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PresumptiveInputError);
      expect((error as PresumptiveInputError).issues).toEqual([
        expect.objectContaining({ exposure: 1, field: 'to', code: 'dates_reversed' }),
      ]);
    }
  });

  it('[DOMAIN]: a condition needs a name; codes are four digits; exposures are bounded', () => {
    expect(() => run('  ', [])).toThrow(/needs a name/);
    expect(() => run('asthma', [], ['66O2'])).toThrow(/four-digit/);
    expect(() => run('x'.repeat(201), [])).toThrow(/longer than 200/);
    const many = Array.from({ length: MAX_EXPOSURES + 1 }, () => vietnam('1969', '1970'));
    expect(checkExposures(many, TODAY).map((i) => i.code)).toEqual(['too_many_exposures']);
    expect(() => checkExposures([], '2025-6-1')).toThrow(RangeError);
  });

  it('[DOMAIN]: dates to the year, month or day mean their first to last day', () => {
    expect(dateBounds('1968')).toEqual({
      lo: dateBounds('1968-01-01')?.lo,
      hi: dateBounds('1968-12-31')?.hi,
    });
    expect(dateBounds('1968-02')).toEqual({
      lo: dateBounds('1968-02-01')?.lo,
      hi: dateBounds('1968-02-29')?.hi,
    });
    expect(dateBounds('1969-02-29')).toBeNull();
    expect(dateBounds('68-02-01')).toBeNull();
  });
});

describe('[DOMAIN][PRESUMPTIVE]: what a match says', () => {
  it('[DOMAIN]: the list, the entry as worded, the citations, the place and the period', () => {
    const [match] = run('type 2 diabetes', [vietnam('1968-01-15', '1968-12-20')]).matches;
    expect(match).toMatchObject({
      exposure: 0,
      list: { id: 'herbicide', citation: '38 CFR 3.309(e); 38 U.S.C. 1116' },
      listed_as: [
        {
          text: 'Type 2 diabetes (also known as Type II diabetes mellitus or adult-onset diabetes)',
          citation: '38 CFR 3.309(e)',
        },
      ],
      matched_by: { kind: 'name', value: 'type 2 diabetes' },
      place: {
        kind: 'herbicide',
        location: 'vietnam',
        label: 'Vietnam or the waters in or off of Vietnam',
      },
      qualifying_period: { from: '1962-01-09', to: '1975-05-07' },
      service_citation: '38 CFR 3.307(a)(6)(iii)',
      confirmed: true,
    });
    expect(match?.requirements).toContainEqual({
      kind: 'manifestation',
      text: 'It must be at least 10% disabling; it may appear at any time after service.',
      citation: '38 CFR 3.307(a)(6)(ii)',
    });
  });

  it('[DOMAIN]: chloracne must have appeared within a year of the last exposure', () => {
    const [match] = run('chloracne', [vietnam('1969', '1970')]).matches;
    expect(match?.requirements).toContainEqual(
      expect.objectContaining({
        kind: 'manifestation',
        text: expect.stringContaining('within one year after the last day of exposure'),
        citation: '38 CFR 3.307(a)(6)(ii)',
      }),
    );
    expect(match?.requirements.map((r) => r.text)).not.toContain(
      'It must be at least 10% disabling; it may appear at any time after service.',
    );
  });

  it('[DOMAIN]: Camp Lejeune states the 30 days, and a miss says how many were counted', () => {
    const matched = run('kidney cancer', [lejeune('1980-03-01', '1980-04-14')]).matches[0];
    expect(matched?.requirements).toContainEqual(
      expect.objectContaining({
        kind: 'service',
        text: expect.stringContaining('At least 30 days'),
        citation: '38 CFR 3.307(a)(7)(iii)',
      }),
    );
    const [miss] = run('kidney cancer', [lejeune('1980-06-01', '1980-06-20')]).misses;
    expect(miss?.detail).toMatch(
      /Only 20 days at .+ from August 1, 1953 to December 31, 1987 can be counted; at least 30 are needed \(38 CFR 3\.307\(a\)\(7\)\(iii\)\)/,
    );
  });

  it('[DOMAIN]: a date outside the period says which period', () => {
    const [miss] = run('type 2 diabetes', [vietnam('1980', '1980')]).misses;
    expect(miss?.detail).toContain('from January 9, 1962 to May 7, 1975 (38 CFR 3.307(a)(6)(iii))');
    expect(miss?.detail).toContain('(1980 to 1980)');
  });

  it('[DOMAIN]: dates too rough to tell, and missing days, are stated, not dropped', () => {
    const [rough] = run('coronary artery disease', [vietnam('1975', '1975')]).matches;
    expect(rough?.requirements).toContainEqual(
      expect.objectContaining({
        kind: 'dates',
        text: expect.stringContaining('from January 9, 1962 to May 7, 1975'),
      }),
    );
    const [days] = run('liver cancer', [lejeune(undefined, undefined, 45)]).matches;
    expect(days?.requirements).toContainEqual(expect.objectContaining({ kind: 'days' }));
  });

  it('[DOMAIN]: the Korean DMZ states the regulation’s narrower period', () => {
    const [match] = run('prostate cancer', [
      { kind: 'herbicide', location: 'koreandemilitarizedzone', from: '1969', to: '1969' },
    ]).matches;
    expect(match?.service_citation).toBe('38 U.S.C. 1116B');
    expect(match?.requirements).toContainEqual(
      expect.objectContaining({
        kind: 'service',
        text: expect.stringContaining('April 1, 1968'),
        citation: '38 CFR 3.307(a)(6)(iv)',
      }),
    );
  });

  it('[DOMAIN]: a family named too broadly says what the diagnosis must show', () => {
    const [match] = run('leukemia', [
      { kind: 'radiation', location: 'nuclear_test', from: '1957-06', to: '1957-08' },
    ]).matches;
    expect(match?.requirements).toContainEqual(
      expect.objectContaining({
        kind: 'diagnosis',
        text: expect.stringMatching(/^Chronic lymphocytic leukemia is left out/),
      }),
    );
    const [diabetes] = run('diabetes', [vietnam('1969', '1970')]).matches;
    expect(diabetes?.requirements).toContainEqual(
      expect.objectContaining({
        kind: 'diagnosis',
        text: expect.stringContaining('Only type 2 diabetes is on this list'),
      }),
    );
  });

  it('[DOMAIN]: the airspace counts only above the places of the rule', () => {
    const result = run('asthma', [gulf('airspace', '1992', '1993')]);
    const burnPits = result.matches.find((m) => m.list.id === 'pact_burn_pits');
    expect(burnPits?.requirements[0]?.text).toMatch(
      /^Only the airspace above these places counts\. On or after August 2, 1990: Iraq; .*Somalia\. On or after September 11, 2001: Afghanistan; Egypt; Jordan; Syria\.$/,
    );
    // Above Djibouti, Lebanon, Uzbekistan or Yemen, only from September 11, 2001.
    expect(
      summary(
        run('asthma', [{ kind: 'gulf_war_2001', location: 'airspace', from: '1995', to: '1996' }]),
      ),
    ).toEqual({
      matches: [],
      // 38 CFR 3.320 names Djibouti and Uzbekistan, but not the airspace above them.
      misses: ['pact_burn_pits:outside_period', 'particulate_matter:place_not_listed'],
    });
  });

  it('[DOMAIN]: every match has its manifestation rule; the undiagnosed-illness rule stays open', () => {
    const result = run('joint pain', [gulf('kuwait', '1991-01', '1991-03')]);
    const [match] = result.matches;
    expect(match?.confirmed).toBe(false);
    expect(match?.requirements.map((r) => r.kind)).toEqual(['diagnosis', 'manifestation']);
    expect(match?.requirements[1]?.text).toContain('December 31, 2026');
  });

  it('[DOMAIN]: the lists that name a condition are given even without exposures', () => {
    const result = run('bladder cancer', []);
    expect(result.matched_by).toEqual({ kind: 'name', value: 'bladder cancer' });
    expect(result.lists.map((l) => [l.list.id, l.certain, l.listed_as[0]?.citation])).toEqual([
      ['herbicide', true, '38 U.S.C. 1116(a)(2)'],
      ['camp_lejeune', true, '38 CFR 3.309(f)(8)'],
      ['radiation', true, '38 CFR 3.309(d)(2)(xv)'],
      ['toxic_genitourinary_cancers', true, '38 CFR 3.320a(b)(1)'],
    ]);
    expect(result.matches).toEqual([]);
    expect(run('knee strain', [])).toEqual({
      matched_by: null,
      lists: [],
      matches: [],
      misses: [],
    });
  });
});

describe('[DOMAIN][PRESUMPTIVE]: recognising the condition', () => {
  it.each([
    ['hypertension (high blood pressure)', ['hypertension']],
    ['high blood pressure', ['hypertension']],
    ['Diabetes Mellitus Type II', ['type_2_diabetes']],
    ['adult-onset diabetes', ['type_2_diabetes']],
    ['non-Hodgkin’s lymphoma', ['non_hodgkins_lymphoma']],
    ["Hodgkin's lymphoma", ['hodgkins_disease']],
    ['cancer of the bronchus', ['bronchus_cancer']],
    ['small cell lung cancer', ['lung_cancer']],
    ['MGUS', ['mgus']],
    ['Gulf War syndrome', ['chronic_multisymptom_illness']],
    ['kala-azar', ['visceral_leishmaniasis']],
    ['type 1 diabetes', ['type_1_diabetes']],
    ['diabetes insipidus', ['diabetes_insipidus']],
    ['skin cancer (other than melanoma), extremities or trunk', ['nonmelanoma_skin_cancer']],
  ])('[DOMAIN]: "%s" is %j', (name, ids) => {
    expect(recognizeCondition({ name })?.ids).toEqual(ids);
  });

  it('[DOMAIN]: a catalogue label the vocabulary names is matched as that label', () => {
    expect(recognizeCondition({ name: 'Diabetes, type 1 or type 2 ' })).toEqual({
      ids: ['diabetes'],
      without: [],
      by: { kind: 'catalogue_label', value: 'Diabetes, type 1 or type 2' },
    });
  });

  it('[DOMAIN]: what follows "other than", "except" or "not" is ruled out, not named', () => {
    expect(recognizeCondition({ name: 'leukemia (other than CLL)' })).toEqual({
      ids: ['leukemia'],
      without: ['chronic_lymphocytic_leukemia'],
      by: { kind: 'name', value: 'leukemia' },
    });
    const radiation = {
      kind: 'radiation',
      location: 'hiroshima_nagasaki',
      from: '1945-09',
      to: '1946-01',
    } as const;
    expect(summary(run('leukemia (other than CLL)', [radiation]))).toEqual({
      matches: ['radiation'],
      misses: [],
    });
    expect(summary(run('leukemia', [radiation]))).toEqual({ matches: ['radiation?'], misses: [] });
    expect(summary(run('lymphoma, not Hodgkin', [lejeune('1960-01-01', '1960-12-31')]))).toEqual({
      matches: ['camp_lejeune'],
      misses: [],
    });
    expect(recognizeCondition({ name: 'not cancer' })).toBeNull();
  });

  it('[DOMAIN]: diagnostic codes count only when the name says nothing', () => {
    expect(recognizeCondition({ name: 'my heart', diagnosticCodes: ['7005'] })).toEqual({
      ids: ['ischemic_heart_disease'],
      without: [],
      by: { kind: 'diagnostic_code', value: '7005' },
    });
    expect(
      recognizeCondition({ name: 'congestive heart failure', diagnosticCodes: ['7005'] })?.ids,
    ).toEqual(['heart_failure']);
    expect(recognizeCondition({ name: 'my heart', diagnosticCodes: ['5257'] })).toBeNull();
  });
});

describe('[DOMAIN][PRESUMPTIVE]: places', () => {
  it('[DOMAIN]: the 526EZ’s herbicide places, keyed as the form keys them', () => {
    expect(
      exposureLocations('herbicide')
        .map((l) => l.key)
        .sort(),
    ).toEqual([
      'c123',
      'cambodia',
      'guam',
      'johnston',
      'koreandemilitarizedzone',
      'laos',
      'thailand',
      'vietnam',
    ]);
    expect(exposureLocations('gulf_war_2001').map((l) => l.key)).toEqual([
      'djibouti',
      'lebanon',
      'uzbekistan',
      'yemen',
      'airspace',
    ]);
    expect(exposureLocations('camp_lejeune')).toEqual([
      {
        key: 'camp_lejeune',
        label: 'Contaminated water at Camp Lejeune or MCAS New River, North Carolina',
      },
    ]);
    expect(exposureLocations('radiation').map((l) => l.key)).toContain('enewetak_cleanup');
  });
});
