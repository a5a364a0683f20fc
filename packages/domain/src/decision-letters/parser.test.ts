import { describe, expect, it } from 'vitest';

import { reviewDeadlines } from '../deadlines.ts';
import {
  denialReasons,
  namesCondition,
  parseDate,
  parsePercent,
  splitSecondary,
  statesPresumption,
} from './grammar.ts';
import { cleanCharacters, removePageHeaders, repairLines, repairToken } from './normalise.ts';
import { parseDecisionLetter, type ParsedDecision } from './parser.ts';
import { timed } from '../processor-time.ts';

/** The one decision a short text states. */
function only(text: string): ParsedDecision {
  const { decisions } = parseDecisionLetter(text);
  expect(decisions).toHaveLength(1);
  return decisions[0] as ParsedDecision;
}

/** A date as the parser reads it from one line of OCR text. */
const ocrDate = (...lines: string[]) => parseDate(repairLines(lines).join('\n'));

describe('[DOMAIN][DECISION LETTERS]: normalising extracted and OCR text', () => {
  it('[DOMAIN]: reads the marks OCR makes of a bullet as a bullet; a sign before a number stays', () => {
    expect(
      cleanCharacters(
        '« VA examination\n+ Lay statement\n  © Private records\n\u2013 Buddy statement\n* Service records',
      ),
    ).toBe(
      '• VA examination\n• Lay statement\n  • Private records\n• Buddy statement\n• Service records',
    );
    const notBullets = '+ 10 percent\n- 5 degrees\n-connected\n+1-800-827-1000\nA + B\nx - y';
    expect(cleanCharacters(notBullets)).toBe(notBullets);
  });

  it('[DOMAIN]: reads look-alike characters as the kind of token they sit in', () => {
    expect(repairToken('l0')).toBe('10');
    expect(repairToken('5O')).toBe('50');
    expect(repairToken('2O2O')).toBe('2020');
    expect(repairToken('2Ol7')).toBe('2017');
    expect(repairToken('Ju1y')).toBe('July');
    expect(repairToken('Apri1')).toBe('April');
    expect(repairToken('0ctober')).toBe('October');
    expect(repairToken('disab1ing')).toBe('disabling');
    // Real tokens stay as they are.
    for (const token of ['1st', '61st', '526EZ', 'B12', 'H1N1', 'tinnitus', 'I', 'll']) {
      expect(repairToken(token)).toBe(token);
    }
  });

  it('[DOMAIN]: joins words OCR split by a space, and never two real words', () => {
    const [line] = repairLines([
      'Ser vice connection for fibro myalgia is denied be cause of an in jury; you may be seen',
      'fibromyalgia fibromyalgia',
    ]);
    expect(line).toBe(
      'Service connection for fibromyalgia is denied because of an injury; you may be seen',
    );
    expect(repairLines(['Entitle ment to indiv idual unemploy-', 'ability is contin ued'])).toEqual(
      ['Entitlement to individual unemployability', 'is continued'],
    );
  });

  it('[DOMAIN]: joins a word OCR split at a line end without a hyphen, and not two words', () => {
    expect(repairLines(['Service connection for tinn', 'itus is granted', 'tinnitus'])).toEqual([
      'Service connection for tinnitus',
      'is granted',
      'tinnitus',
    ]);
    expect(repairLines(['you may', 'be entitled'])).toEqual(['you may', 'be entitled']);
  });

  it('[DOMAIN]: joins a word hyphenated at a line end, keeping the hyphen of a compound', () => {
    expect(repairLines(['post traumatic stress dis-', 'order is granted'])).toEqual([
      'post traumatic stress disorder',
      'is granted',
    ]);
    expect(repairLines(['your service-', 'connected knee and your service knee'])).toEqual([
      'your service-connected',
      'knee and your service knee',
    ]);
    expect(repairLines(['the high- est schedular evaluation'])).toEqual([
      'the highest schedular evaluation',
    ]);
  });

  it('[DOMAIN]: drops repeated page headers, so a sentence broken by a page break reads on', () => {
    const { raw } = removePageHeaders([
      'Service connection for tinnitus is granted with an evaluation of 10 percent',
      'File Number: 918462037',
      'DELGADO, MARCUS T',
      '',
      'effective January 9, 2023.',
      'Page 3 of 6',
      'DELGADO, MARCUS T',
      'File Number: 918462037',
      '',
      'The end.',
    ]);
    expect(raw).toEqual([
      'Service connection for tinnitus is granted with an evaluation of 10 percent',
      'effective January 9, 2023.',
      'The end.',
    ]);
  });
});

describe('[DOMAIN][DECISION LETTERS]: dates, percentages and names', () => {
  it('[DOMAIN]: reads long, abbreviated and numeric dates', () => {
    expect(parseDate('effective January 9, 2023.')).toBe('2023-01-09');
    expect(parseDate('Sep 21, 2020')).toBe('2020-09-21');
    expect(parseDate('Sept. 5, 2019')).toBe('2019-09-05');
    expect(parseDate('20% from 03/15/2016')).toBe('2016-03-15');
  });

  it('[DOMAIN]: reads OCR-damaged dates', () => {
    expect(ocrDate('Ju1y 5, 2O23')).toBe('2023-07-05');
    expect(ocrDate('0ctober 6, 2O25')).toBe('2025-10-06');
    expect(ocrDate('Augu st 9, 2Ol7 In Reply Refer To: 308/211/AG')).toBe('2017-08-09');
    expect(ocrDate('effective Novem ber 28, 2016')).toBe('2016-11-28');
    expect(ocrDate('5O% Sep 2l, 2020')).toBe('2020-09-21');
    expect(ocrDate('$1,062.27 Dec l, 2016 Original Award')).toBe('2016-12-01');
    expect(ocrDate('6O% from ll/28/2O16')).toBe('2016-11-28');
    expect(ocrDate('effective Septem-', 'ber 21, 2O2O')).toBe('2020-09-21');
  });

  it('[DOMAIN]: rejects days that do not exist', () => {
    expect(parseDate('February 30, 2020')).toBeNull();
    expect(parseDate('13/45/2020')).toBeNull();
    expect(parseDate('no date here')).toBeNull();
  });

  it('[DOMAIN]: reads percentage phrases', () => {
    expect(parsePercent('10 percent')).toBe(10);
    expect(parsePercent('70%')).toBe(70);
    expect(parsePercent('60 %')).toBe(60);
    expect(parsePercent('a noncompensable evaluation')).toBe(0);
    expect(parsePercent('150 percent')).toBeNull();
    expect(parsePercent('percent')).toBeNull();
  });

  it('[DOMAIN]: splits a secondary condition from what caused it', () => {
    expect(splitSecondary('left hip strain secondary to right knee strain')).toEqual({
      condition: 'left hip strain',
      secondaryTo: 'right knee strain',
    });
    expect(
      splitSecondary(
        'Peripheral neuropathy, left lower extremity associated with diabetes mellitus type II',
      ),
    ).toEqual({
      condition: 'peripheral neuropathy, left lower extremity',
      secondaryTo: 'diabetes mellitus type ii',
    });
    expect(splitSecondary('tinnitus')).toEqual({ condition: 'tinnitus', secondaryTo: null });
  });

  it('[DOMAIN]: matches a heading to the conditions it names, side by side', () => {
    expect(
      namesCondition('Peripheral neuropathy', 'peripheral neuropathy, left lower extremity'),
    ).toBe(true);
    expect(
      namesCondition(
        'Radiculopathy of the lower extremities',
        'right lower extremity radiculopathy',
      ),
    ).toBe(true);
    expect(namesCondition('Left knee strain and right knee strain', 'right knee strain')).toBe(
      true,
    );
    expect(namesCondition('Left knee strain', 'right knee strain')).toBe(false);
    expect(namesCondition('Left knee instability', 'left knee strain')).toBe(false);
    expect(
      namesCondition(
        'Right knee',
        'right knee degenerative arthritis, status post total knee replacement',
      ),
    ).toBe(true);
  });
});

describe('[DOMAIN][DECISION LETTERS]: each outcome as the letters phrase it', () => {
  it('[DOMAIN]: a grant with its evaluation and effective date', () => {
    expect(
      only(
        'Service connection for tinnitus is granted with an evaluation of 10 percent effective\nJanuary 9, 2023.',
      ),
    ).toMatchObject({
      condition: 'tinnitus',
      outcome: 'granted',
      percent: 10,
      effective_date: '2023-01-09',
      previous_percent: null,
    });
    expect(
      only(
        'Service connection for allergic rhinitis is granted with a noncompensable evaluation effective May 1, 2020.',
      ),
    ).toMatchObject({ outcome: 'granted', percent: 0, effective_date: '2020-05-01' });
    expect(
      only(
        '• Service connection for irritable bowel syndrome is granted with an evaluation of l0\npercent effective Septem-\nber 21, 2O2O\n• Next',
      ),
    ).toMatchObject({
      condition: 'irritable bowel syndrome',
      percent: 10,
      effective_date: '2020-09-21',
    });
  });

  it('[DOMAIN]: "has been established" and "is established" are grants; "is not established" a denial', () => {
    expect(
      only('Service connection for asthma has been established on a presumptive basis.').outcome,
    ).toBe('granted');
    expect(
      only(
        "Basic eligibility to Dependents' Educational Assistance is established from December 11,\n2023.",
      ),
    ).toMatchObject({
      condition: "basic eligibility to dependents' educational assistance",
      outcome: 'granted',
      percent: null,
      effective_date: '2023-12-11',
    });
    expect(
      only("Basic eligibility to Dependents ' Educational Assis tance is not estab lished."),
    ).toMatchObject({
      condition: "basic eligibility to dependents' educational assistance",
      outcome: 'denied',
      reason_keywords: ['criteria'],
    });
  });

  it('[DOMAIN]: TDIU and special monthly compensation carry no percentage', () => {
    expect(
      only('Entitlement to individual unemployability is granted effective December 11, 2023.'),
    ).toMatchObject({
      condition: 'individual unemployability',
      outcome: 'granted',
      percent: null,
      effective_date: '2023-12-11',
      diagnostic_code: null,
    });
    expect(
      only(
        'Entitlement to special monthly compensation based on aid and attendance is granted from March 3, 2021.',
      ),
    ).toMatchObject({
      condition: 'special monthly compensation based on aid and attendance',
      effective_date: '2021-03-03',
    });
  });

  it('[DOMAIN]: denials, remains denied, deferrals and returns for correction', () => {
    expect(only('Service connection for sleep apnea is denied.')).toMatchObject({
      outcome: 'denied',
      percent: null,
      effective_date: null,
    });
    expect(only('Service connection for right ankle sprain remains denied.').outcome).toBe(
      'denied',
    );
    expect(only('The issue of service connection for sleep apnea is deferred.')).toMatchObject({
      condition: 'sleep apnea',
      outcome: 'deferred',
    });
    expect(
      only(
        'The issue of service connection for hypertension has been returned for correction of a duty\nto assist error.',
      ),
    ).toMatchObject({ condition: 'hypertension', outcome: 'deferred' });
  });

  it('[DOMAIN]: increases and decreases with the evaluation before', () => {
    expect(
      only(
        'Evaluation of post traumatic stress disorder, which is currently 50 percent disabling, is\nincreased to 70 percent effective January 9, 2023.',
      ),
    ).toMatchObject({
      outcome: 'increased',
      percent: 70,
      previous_percent: 50,
      effective_date: '2023-01-09',
    });
    expect(
      only(
        'Evaluation of migraine headaches is increased from 10 percent to 30 percent effective May 4, 2022.',
      ),
    ).toMatchObject({ outcome: 'increased', percent: 30, previous_percent: 10 });
    expect(
      only(
        'Evaluation of prostate cancer, which is currently 100 percent disabling, is decreased\nto 20 percent effective July 1, 2018.',
      ),
    ).toMatchObject({
      outcome: 'decreased',
      percent: 20,
      previous_percent: 100,
      effective_date: '2018-07-01',
    });
    expect(
      only(
        'Evaluation of lumbosacral strain is reduced from 40 percent to 20 percent effective\nOctober 1, 2025.',
      ),
    ).toMatchObject({ outcome: 'decreased', percent: 20, previous_percent: 40 });
  });

  it('[DOMAIN]: continued evaluations keep their percentage and state no date', () => {
    const continued = {
      outcome: 'continued',
      percent: 40,
      previous_percent: 40,
      effective_date: null,
    };
    expect(
      only(
        'Evaluation of degenerative arthritis of the lumbar spine, which is currently 40 percent\ndisabling, is continued.',
      ),
    ).toMatchObject(continued);
    expect(
      only('The evaluation of lumbosacral strain remains 40 percent disabling.'),
    ).toMatchObject(continued);
    expect(only('The evaluation of lumbosacral strain is continued at 40 percent.')).toMatchObject(
      continued,
    );
    expect(
      only(
        'Evaluation of lumbosacral strain, currently evaluated as 40 percent disabling, is confirmed and continued.',
      ),
    ).toMatchObject(continued);
    expect(
      only(
        '• Evaluation of right knee strain, which is currently l0 percent disab1ing, is contin ued\n• x',
      ),
    ).toMatchObject({ ...continued, percent: 10, previous_percent: 10 });
  });

  it('[DOMAIN]: a severance, with the evaluation it had and its code', () => {
    expect(
      only(
        'Service connection for left knee strain, currently evaluated as 10 percent disabling under Diagnostic Code\n5260, is severed effective December 1, 2019.',
      ),
    ).toMatchObject({
      outcome: 'severed',
      percent: null,
      previous_percent: 10,
      diagnostic_code: '5260',
      effective_date: '2019-12-01',
    });
  });

  it('[DOMAIN]: secondary service connection, in the subject of a grant or a denial', () => {
    expect(
      only(
        'Service connection for sleep apnea secondary to post traumatic stress disorder is granted\nwith an evaluation of 50 percent effective January 5, 2026.',
      ),
    ).toMatchObject({
      condition: 'sleep apnea',
      secondary_to: 'post traumatic stress disorder',
      percent: 50,
    });
    expect(
      only(
        'Service connection for right lower extremity radiculopathy secondary to lumbosacral\nstrain is denied.',
      ),
    ).toMatchObject({
      condition: 'right lower extremity radiculopathy',
      secondary_to: 'lumbosacral strain',
      outcome: 'denied',
    });
    expect(
      only(
        'Service connection for tinnitus associated with bilateral hearing loss is granted with an evaluation of 10 percent effective May 1, 2020.',
      ),
    ).toMatchObject({ condition: 'tinnitus', secondary_to: 'bilateral hearing loss' });
  });

  it('[DOMAIN]: leaves "(claimed as …)" and legal references out of the name', () => {
    expect(
      only('Service connection for lumbosacral strain (claimed as back condition) is denied.')
        .condition,
    ).toBe('lumbosacral strain');
    expect(
      only(
        "Basic eligibility to Dependents' Educational Assistance under 38 U.S.C. chapter 35 is established from May 1, 2020.",
      ),
    ).toMatchObject({
      condition: "basic eligibility to dependents' educational assistance",
      effective_date: '2020-05-01',
    });
  });

  it('[DOMAIN]: a sentence about a past decision, or about ratings in general, is not a decision', () => {
    const text = [
      'In our decision of October 2, 2020, service connection for sleep apnea was denied.',
      'If you are a Veteran and you were granted service connection for a disability, you may be',
      'eligible for Service-Disabled Veterans Insurance. A 60% and a 20% disability rating do not',
      'equal an 80% combined rating. If your combined evaluation is 30 percent or more, you may be',
      'entitled to more. You may submit new and relevant evidence or ask about a difference of',
      'opinion or the duty to assist.',
    ].join('\n');
    const parsed = parseDecisionLetter(text);
    expect(parsed.decisions).toEqual([]);
    expect(parsed.combined_rating).toBeNull();
  });
});

describe('[DOMAIN][DECISION LETTERS]: staged evaluations', () => {
  it('[DOMAIN]: one stage per period, the last open, the decision at its latest stage', () => {
    expect(
      only(
        'Service connection for lumbosacral strain is granted with an evaluation of 10 percent\neffective May 2, 2019 to March 11, 2020, and 20 percent from March 12, 2020.',
      ),
    ).toMatchObject({
      percent: 20,
      effective_date: '2019-05-02',
      staged: [
        { percent: 10, from: '2019-05-02', to: '2020-03-11' },
        { percent: 20, from: '2020-03-12', to: null },
      ],
    });
  });

  it('[DOMAIN]: a staged increase, and stages whose first end is only implied', () => {
    expect(
      only(
        'Evaluation of right knee replacement, which is currently 10 percent disabling, is increased to 100 percent effective March 5,\n2019 to April 30, 2020, and 30 percent from May 1, 2020.',
      ),
    ).toMatchObject({
      outcome: 'increased',
      percent: 30,
      previous_percent: 10,
      staged: [
        { percent: 100, from: '2019-03-05', to: '2020-04-30' },
        { percent: 30, from: '2020-05-01', to: null },
      ],
    });
    expect(
      only(
        'Service connection for asthma is granted with an evaluation of 10 percent effective May 1, 2020, and 30 percent effective June 1, 2021.',
      ).staged,
    ).toEqual([
      { percent: 10, from: '2020-05-01', to: '2021-05-31' },
      { percent: 30, from: '2021-06-01', to: null },
    ]);
  });

  it('[DOMAIN]: a single evaluation is not staged', () => {
    expect(
      only(
        'Service connection for asthma is granted with an evaluation of 30 percent effective August 10, 2022.',
      ).staged,
    ).toEqual([]);
  });
});

const LEGACY = `March 18, 2016 In Reply Refer To: 310/214/KW
Dear Mr. Kowalski:
What We Decided
Service connection for lumbosacral strain is granted with an evaluation of 20 percent
effective October 1, 2015.
Service connection for left knee strain and right knee strain is granted.
Service connection for sleep apnea is denied.
Rating Decision
03/15/2016
DECISION
1. Service connection for lumbosacral strain is granted with an evaluation of 20
percent effective October 1, 2015.
2. Service connection for sleep apnea is denied.
REASONS FOR DECISION
1. Service connection for lumbosacral strain.
We assigned 20 percent. A higher evaluation of 40 percent is not warranted unless flexion is
limited to 30 degrees.
2. Service connection for sleep apnea.
Service connection for sleep apnea is denied because the evidence does not show a current
diagnosed disability.
SUBJECT TO COMPENSATION (1.SC)
5237 LUMBOSACRAL STRAIN
Service Connected, Gulf War, Incurred
20% from 10/01/2015
6260 TINNITUS
Service Connected, Gulf War, Incurred
l0% from ll/28/2O14
COMBINED EVALUATION FOR COMPENSATION:
30% from 10/01/2015
NOT SERVICE CONNECTED/NOT SUBJECT TO COMPENSATION (8.NSC)
6847 SLEEP APNEA
Not Service Connected, Not Incurred/Caused by Service
`;

describe('[DOMAIN][DECISION LETTERS]: repeated decisions and the code sheet', () => {
  it('[DOMAIN]: a decision stated in the letter, the rating decision and the code sheet is one', () => {
    const parsed = parseDecisionLetter(LEGACY);
    expect(parsed.letter_date).toBe('2016-03-18');
    expect(parsed.combined_rating).toBe(30);
    expect(parsed.decisions.map((d) => d.condition)).toEqual([
      'lumbosacral strain',
      'left knee strain and right knee strain',
      'sleep apnea',
    ]);
    expect(parsed.decisions[0]).toMatchObject({
      outcome: 'granted',
      percent: 20,
      diagnostic_code: '5237',
      reason_keywords: [],
    });
    // A denial takes its code from the not-service-connected rows only.
    expect(parsed.decisions[2]).toMatchObject({
      outcome: 'denied',
      diagnostic_code: '6847',
      reason_keywords: ['diagnosis'],
    });
  });

  it('[DOMAIN]: a row never decides on its own: code-sheet conditions not in the letter are not decisions', () => {
    expect(parseDecisionLetter(LEGACY).decisions.some((d) => d.condition === 'tinnitus')).toBe(
      false,
    );
  });

  it('[DOMAIN]: a grant with two code-sheet rows is staged; a changed evaluation is not', () => {
    const grant = parseDecisionLetter(
      'Service connection for lumbosacral strain is granted.\nSUBJECT TO COMPENSATION (1.SC)\n5237 LUMBOSACRAL STRAIN\n10% from 05/02/2019\n20% from O3/l2/2020\n',
    );
    expect(grant.decisions[0]).toMatchObject({
      percent: 20,
      effective_date: '2019-05-02',
      diagnostic_code: '5237',
      staged: [
        { percent: 10, from: '2019-05-02', to: '2020-03-11' },
        { percent: 20, from: '2020-03-12', to: null },
      ],
    });
    const decrease = parseDecisionLetter(
      'Evaluation of prostate cancer, which is currently 100 percent disabling, is decreased to 20 percent effective July 1, 2018.\nSUBJECT TO COMPENSATION (1.SC)\n7528 PROSTATE CANCER\nService Connected, Vietnam Era, Presumptive\n100% from 07/14/2016\n20% from 07/01/2018\n',
    );
    expect(decrease.decisions[0]).toMatchObject({
      staged: [],
      diagnostic_code: '7528',
      presumptive: false,
    });
  });

  it('[DOMAIN]: a restatement naming two decisions, or the benefit in other words, adds none', () => {
    const text = [
      'Service connection for left knee strain is granted with an evaluation of 10 percent effective May 1, 2020.',
      'Service connection for right knee strain is granted with an evaluation of 10 percent effective May 1, 2020.',
      'Entitlement to special monthly compensation based on housebound criteria being met is granted from May 1, 2020.',
      'Why We Made Our Decision',
      'Left knee strain and right knee strain: Service connection for left knee strain and right knee strain',
      'has been established. We assigned 10 percent for each knee under Diagnostic Code 5260.',
      'Special monthly compensation: Entitlement to special monthly compensation at the housebound',
      'rate (38 U.S.C. 1114(s)) is granted because you have a single disability rated 100 percent.',
    ].join('\n');
    const parsed = parseDecisionLetter(text);
    expect(parsed.decisions.map((d) => [d.condition, d.diagnostic_code])).toEqual([
      ['left knee strain', '5260'],
      ['right knee strain', '5260'],
      ['special monthly compensation based on housebound criteria being met', null],
    ]);
  });

  it('[DOMAIN]: a name with its acronym and the same name without it are one decision', () => {
    const text = [
      'Service connection for post traumatic stress disorder (PTSD) is granted with an evaluation of',
      '50 percent effective May 1, 2020.',
      'Service connection for post traumatic stress disorder is granted with an evaluation of 50',
      'percent effective May 1, 2020, under Diagnostic Code 9411.',
    ].join('\n');
    expect(parseDecisionLetter(text).decisions).toMatchObject([
      { condition: 'post traumatic stress disorder (ptsd)', diagnostic_code: '9411' },
    ]);
  });

  it('[DOMAIN]: reads a diagnostic code written in the subject, and keeps it out of the name', () => {
    expect(
      only(
        'Service connection for tinnitus (Diagnostic Code 6260) is granted with an evaluation of 10 percent effective May 1, 2020.',
      ),
    ).toMatchObject({ condition: 'tinnitus', diagnostic_code: '6260', percent: 10 });
  });

  it('[DOMAIN]: a paragraph heading gives its code to every condition it names, and only those', () => {
    const text = [
      'Service connection for peripheral neuropathy, left lower extremity is granted with an evaluation of 10 percent effective May 1, 2020.',
      'Service connection for peripheral neuropathy, right lower extremity is granted with an evaluation of 10 percent effective May 1, 2020.',
      'Service connection for left knee instability is granted with an evaluation of 10 percent effective May 1, 2020.',
      'Why We Made Our Decision',
      'Peripheral neuropathy: We assigned 10 percent for each lower extremity under Diagnostic Code 8520.',
      'Left knee instability: We assigned 10 percent under Diagnostic Code 5257.',
    ].join('\n');
    expect(parseDecisionLetter(text).decisions.map((d) => d.diagnostic_code)).toEqual([
      '8520',
      '8520',
      '5257',
    ]);
  });
});

describe('[DOMAIN][DECISION LETTERS]: reasons and presumptive grants', () => {
  it('[DOMAIN]: names what a denial says is missing', () => {
    expect(
      denialReasons('is denied because the evidence does not show a current\ndiagnosis.'),
    ).toEqual(['diagnosis']);
    expect(
      denialReasons('the evidence does not show a current hearing loss disability for VA purposes'),
    ).toEqual(['diagnosis']);
    expect(denialReasons('does not show an event, disease, or injury in service')).toEqual([
      'in-service event',
    ]);
    expect(
      denialReasons(
        'your records do not show that sinusitis, or any sinus injury or disease, occurred in service',
      ),
    ).toEqual(['in-service event']);
    expect(
      denialReasons('does not show a link between your left hip strain and your military service'),
    ).toEqual(['nexus']);
    expect(
      denialReasons(
        'the evidence fails to show that your hypertension is related to your military service',
      ),
    ).toEqual(['nexus']);
    expect(
      denialReasons('remains denied because the evidence submitted is not new and relevant.'),
    ).toEqual(['new and relevant evidence']);
    // "We received new and relevant evidence" is no reason to deny.
    expect(
      denialReasons('We received new and relevant evidence and readjudicated this issue.'),
    ).toEqual([]);
  });

  it('[DOMAIN]: gives a denial the reasons of its whole explanation, not of the next one', () => {
    const text = [
      'Service connection for plantar fasciitis is denied.',
      'Service connection for anxiety disorder is denied.',
      'Why We Made Our Decision',
      'Plantar fasciitis: Service connection for plantar fasciitis is denied because the evidence does',
      'not show an event, disease, or injury in service, and the evidence does not show a link between',
      'your condition and your military service.',
      'Anxiety disorder: The evidence does not show that your anxiety disorder is related to service.',
    ].join('\n');
    expect(parseDecisionLetter(text).decisions.map((d) => d.reason_keywords)).toEqual([
      ['in-service event', 'nexus'],
      ['nexus'],
    ]);
  });

  it('[DOMAIN]: the criteria for a 0 percent, continued or decreased evaluation; nothing for a grant', () => {
    const text = [
      'Service connection for hemorrhoids is granted with an evaluation of 0 percent effective May 1, 2020.',
      'Service connection for tinnitus is granted with an evaluation of 10 percent effective May 1, 2020.',
      'Why We Made Our Decision',
      'Hemorrhoids: A compensable evaluation is not warranted unless the hemorrhoids are large.',
      'Tinnitus: A higher evaluation is not warranted unless the law changes.',
    ].join('\n');
    expect(parseDecisionLetter(text).decisions.map((d) => d.reason_keywords)).toEqual([
      ['criteria'],
      [],
    ]);
  });

  it('[DOMAIN]: a presumptive basis, not a presumed exposure or a presumption ruled out', () => {
    expect(statesPresumption('Service connection has been granted on a presumptive basis.')).toBe(
      true,
    );
    expect(
      statesPresumption(
        'Diabetes is on the list of diseases presumed to be caused by herbicide exposure.',
      ),
    ).toBe(true);
    expect(statesPresumption('You are presumed to have been exposed to herbicide agents.')).toBe(
      false,
    );
    expect(
      statesPresumption(
        'Hypertension is not one of the conditions presumed to be caused by burn pits.',
      ),
    ).toBe(false);
    const text = [
      'Service connection for asthma is granted with an evaluation of 30 percent effective August 10, 2022.',
      'Service connection for hypertension is denied.',
      'Why We Made Our Decision',
      'Asthma: Service connection has been granted on a presumptive basis due to particulate matter.',
      'Hypertension: Service connection on a presumptive basis is not available; it is denied.',
    ].join('\n');
    expect(parseDecisionLetter(text).decisions.map((d) => d.presumptive)).toEqual([true, false]);
  });
});

describe('[DOMAIN][DECISION LETTERS]: the letter around the decisions', () => {
  const AMA = [
    'DEPARTMENT OF VETERANS AFFAIRS',
    'June 14, 2023',
    'Dear Marcus T Delgado:',
    'Your Benefit Information',
    '• Service connection for tinnitus is granted with an evaluation of 10 percent effective',
    'January 9, 2023.',
    'Your combined rating evaluation is:',
    'Combined Rating Evaluation Effective Date',
    '60% Mar 1, 2019',
    '80% Jan 9, 2023',
    '70% Jan 9, 2024',
    'For example, a 60% and a 20% disability rating do not equal an 80% combined rating.',
    'Your monthly entitlement amount is shown below:',
    'Monthly Entitlement Amount Payment Start Date Reason',
    '$1,716.28 Feb 1, 2023 Compensation Rating Adjustment',
    '$1,933.15 Dec 1, 2023 Compensation Rating Adjustment',
    'Evidence Considered',
    'In making our decision, in addition to the evidence listed in the Rating Decision, we',
    'considered the following evidence:',
    '• VA Form 21-526EZ, Application for Disability Compensation and Related Compensation',
    'Benefits, received January 9, 2023',
    '• VA examination, dated March 2, 2023',
    'What You Should Do If You Disagree With Our Decision',
    'Rating Decision',
    '06/12/2023',
    'EVIDENCE',
    '• VA examination, dated March 2, 2023',
    '• VA audiology examination, dated March 8, 2023',
    'REASONS FOR DECISION',
  ].join('\n');

  it('[DOMAIN]: the letter date, the latest combined rating and amount, and the deadlines', () => {
    const parsed = parseDecisionLetter(AMA);
    expect(parsed.letter_date).toBe('2023-06-14');
    expect(parsed.combined_rating).toBe(70);
    expect(parsed.monthly_amount).toBe(1933.15);
    expect(parsed.deadlines).toEqual(reviewDeadlines('2023-06-14'));
  });

  it('[DOMAIN]: every evidence item once, each on one line', () => {
    expect(parseDecisionLetter(AMA).evidence).toEqual([
      'VA Form 21-526EZ, Application for Disability Compensation and Related Compensation Benefits, received January 9, 2023',
      'VA examination, dated March 2, 2023',
      'VA audiology examination, dated March 8, 2023',
    ]);
  });

  it('[DOMAIN]: a pasted list without bullets, one item a line', () => {
    const pasted = [
      'Evidence Considered',
      'In making our decision, we considered the following evidence:',
      'VA audiology examination, dated August 6, 2024',
      'Private treatment records, Bayfront Gastroenterology, from February 14, 2022 through April 30, 2024',
      '',
      'What You Should Do If You Disagree With Our Decision',
    ].join('\n');
    expect(parseDecisionLetter(pasted).evidence).toEqual([
      'VA audiology examination, dated August 6, 2024',
      'Private treatment records, Bayfront Gastroenterology, from February 14, 2022 through April 30, 2024',
    ]);
  });

  it('[DOMAIN]: a scanned list: bullets as OCR reads them, an introduction without a colon', () => {
    const scanned = [
      'Evidence Considered',
      'In making our decision, in addition to the evidence listed in the Rating Decision, we',
      'considered the following evidence',
      '',
      '« VA Form 21-526EZ, Application for Disability Compensation and Related Compensation',
      'Benefits, received January 9, 2023',
      '+ VA examination, dated March 2, 2023',
      '© Private treatment records, Bayfront Gastroenterology, dated April 4, 2023',
      '- Lay statement from your spouse, received May 5, 2023',
      '* VA audiology examination, dated March 8, 2023',
      '',
      'What You Should Do If You Disagree With Our Decision',
    ].join('\n');
    expect(parseDecisionLetter(scanned).evidence).toEqual([
      'VA Form 21-526EZ, Application for Disability Compensation and Related Compensation Benefits, received January 9, 2023',
      'VA examination, dated March 2, 2023',
      'Private treatment records, Bayfront Gastroenterology, dated April 4, 2023',
      'Lay statement from your spouse, received May 5, 2023',
      'VA audiology examination, dated March 8, 2023',
    ]);
  });

  it('[DOMAIN]: the dateline, never a date inside a sentence or the rating decision date', () => {
    const ratingDecisionOnly = [
      'Rating Decision',
      '06/12/2023',
      'INTRODUCTION',
      'The records reflect that you are a Veteran of the Gulf War Era. You served in the Army from',
      'March 15, 2004 to July 21, 2011.',
      'DECISION',
      '1. Service connection for tinnitus is denied.',
    ].join('\n');
    expect(parseDecisionLetter(ratingDecisionOnly).letter_date).toBeNull();
    expect(parseDecisionLetter('Date: May 4, 2022\nDear Ms. Lee:\nJune 1, 2022').letter_date).toBe(
      '2022-05-04',
    );
  });

  it('[DOMAIN]: the combined rating as the letter words it, never a rule of thumb', () => {
    expect(parseDecisionLetter('Your combined rating is 80%.').combined_rating).toBe(80);
    expect(
      parseDecisionLetter('Your combined evaluation will be 40 percent from July 1, 2018.')
        .combined_rating,
    ).toBe(40);
    expect(
      parseDecisionLetter(
        'If your combined evaluation is 30 percent or more, you may add a spouse.',
      ).combined_rating,
    ).toBeNull();
  });

  it('[DOMAIN]: the combined rating in words when there is no table; no amount without one', () => {
    const parsed = parseDecisionLetter(
      'Your combined evaluation is 6O percent\nAre You Entitled to Additional Benefits?',
    );
    expect(parsed.combined_rating).toBe(60);
    expect(parsed.monthly_amount).toBeNull();
    expect(parsed.letter_date).toBeNull();
    expect(parsed.deadlines).toEqual([]);
  });
});

describe('[DOMAIN][DECISION LETTERS]: any input', () => {
  const EMPTY = {
    letter_date: null,
    combined_rating: null,
    monthly_amount: null,
    decisions: [],
    evidence: [],
    deadlines: [],
  };

  it('[DOMAIN]: empty, blank or binary input reads as a letter that says nothing', () => {
    expect(parseDecisionLetter('')).toEqual(EMPTY);
    expect(parseDecisionLetter(' \n\t\n ')).toEqual(EMPTY);
    const binary = Array.from({ length: 4096 }, (_, i) =>
      String.fromCharCode((i * 7919) % 65536),
    ).join('');
    expect(parseDecisionLetter(binary).decisions).toEqual([]);
    expect(parseDecisionLetter(undefined as unknown as string)).toEqual(EMPTY);
  });

  // Bounded in processor time, which a busy machine does not inflate. A grammar that backtracks
  // takes minutes on these inputs, so the bound is far above a linear parse and far below a
  // runaway one.
  const cpuMilliseconds = (work: () => unknown): number => timed(work).cpuSeconds * 1000;

  it('[DOMAIN]: parses 1 MB of random text in seconds of processor time, not minutes', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet =
      " abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;-%$/\n\t•'";
    let text = '';
    while (text.length < 1 << 20) {
      text += Array.from(
        { length: 4096 },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
    }
    let parsed: ReturnType<typeof parseDecisionLetter> | undefined;
    expect(cpuMilliseconds(() => (parsed = parseDecisionLetter(text)))).toBeLessThan(5000);
    expect(Array.isArray(parsed?.decisions)).toBe(true);
  }, 60_000);

  it('[DOMAIN]: text built to make a grammar backtrack still parses quickly', () => {
    const inputs = [
      'Service connection for '.repeat(40_000),
      `Service connection for ${'a '.repeat(100_000)}`,
      `Evaluation of x is increased to 10 percent effective May 1, 2020${' to May 2, 2020, and 20 percent from May 3, 2020'.repeat(15_000)}`,
      `${'a-\n'.repeat(200_000)}`,
      `${' '.repeat(200_000)}x`,
      `${'Tinnitus: x\n'.repeat(60_000)}`,
      `${'does not show that '.repeat(50_000)}`,
      Array.from(
        { length: 2000 },
        (_, i) =>
          `Service connection for condition ${i} is granted.\n1. Service connection for condition ${i}.\n`,
      ).join(''),
    ];
    for (const input of inputs) {
      expect(
        cpuMilliseconds(() => parseDecisionLetter(input)),
        input.slice(0, 40),
      ).toBeLessThan(5000);
    }
  }, 60_000);
});
