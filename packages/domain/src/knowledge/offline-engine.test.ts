import { describe, expect, it } from 'vitest';
import { getPassage, resolveCitation } from './knowledge-base.ts';
import {
  NOT_FOUND_TEXT,
  answerOffline,
  retrievePassages,
  type UserRecords,
} from './offline-engine.ts';
import { loadQuestionSet, scoreAnswer, scoreSet } from './question-set.ts';

const RECORDS: UserRecords = {
  disabilities: [
    { title: 'Knee strain, left', diagnosticCode: '5260', diagnosis: null, percent: 10 },
    { title: 'Tinnitus', diagnosticCode: '6260', diagnosis: null, percent: 10 },
    { title: 'PTSD', diagnosticCode: '9411', diagnosis: null, percent: 50 },
  ],
};

function citations(answer: { citations: { citation: string }[] }): string[] {
  return answer.citations.map((entry) => entry.citation);
}

/** The answer's text with the Markdown escapes taken out, as a reader sees it. */
function plain(text: string): string {
  return text
    .replace(/\\([\\`*_[\]|])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

describe('[DOMAIN][OFFLINE ENGINE]: rating questions', () => {
  it('[DOMAIN]: gives the code, its level with the percentage, and quotes and cites the passage', () => {
    const answer = answerOffline('What disability rating does VA give for tinnitus?');
    expect(answer.found).toBe(true);
    expect(answer.text).toMatch(/^\*\*Tinnitus, recurrent\*\* is rated under diagnostic code 6260/);
    expect(answer.text).toContain('single rating level: **10 percent**');
    expect(answer.text).toContain('> 6260 Tinnitus, recurrent — 10 percent');
    expect(citations(answer)).toContain('38 CFR 4.87, DC 6260');
    expect(answer.citations[0]).toEqual({
      passageId: '4.87-dc6260',
      citation: '38 CFR 4.87, DC 6260',
      title: 'DC 6260 Tinnitus, recurrent (Diseases of the Ear)',
    });
  });

  it('[DOMAIN]: lists every level of the code and says which one a measurement fits', () => {
    const answer = answerOffline('My knee only bends to 45 degrees. What rating is that?');
    for (const level of [
      '**30 percent**: Flexion limited to 15°',
      '**20 percent**: Flexion limited to 30°',
      '**10 percent**: Flexion limited to 45°',
      '**0 percent**: Flexion limited to 60°',
    ])
      expect(answer.text).toContain(level);
    expect(answer.text).toContain('**Your 45 degrees** fits the **10 percent** level');
    expect(citations(answer)[0]).toBe('38 CFR 4.71a, DC 5260');
  });

  it('[DOMAIN]: a code rated under a general formula brings the formula, levels and all', () => {
    const answer = answerOffline('My lower back forward flexion is 50 degrees. What is my rating?');
    expect(citations(answer)).toEqual(
      expect.arrayContaining(['38 CFR 4.71a, DC 5237', '38 CFR 4.71a']),
    );
    expect(answer.text).toContain('General Rating Formula for Diseases and Injuries of the Spine');
    expect(answer.text).toContain(
      'fits the **20 percent** level (“Forward flexion of the thoracolumbar spine greater than 30 degrees but not greater than 60 degrees”)',
    );
    // A question on the formula alone is shown with a code it rates.
    const mental = answerOffline(
      'What symptoms does the 70 percent mental health rating describe?',
    );
    expect(citations(mental)).toEqual(
      expect.arrayContaining(['38 CFR 4.130, DC 9411', '38 CFR 4.130']),
    );
    expect(mental.text).toContain(
      '**The 70 percent level** requires: Occupational and social impairment, with deficiencies in most areas',
    );
  });

  it('[DOMAIN]: labels a passage of an amended section with the date, and no other', () => {
    const knee = answerOffline('How is limitation of flexion of the knee rated?');
    expect(knee.text).toContain(
      'This rule was amended on 2025-04-02; the text below is the 2019 version — check the current 38 CFR.',
    );
    expect(knee.text).toContain(
      '**The rule has changed since this text:** VA amended 38 CFR 4.71a on 2025-04-02',
    );
    const tinnitus = answerOffline('How is tinnitus rated?');
    expect(tinnitus.text).not.toContain('This rule was amended');
    // A later eCFR date nobody verified is named, more softly.
    expect(tinnitus.text).toContain('eCFR records a later update of § 4.87 on 2024-06-11');
  });

  it('[DOMAIN]: combines ratings step by step and cites § 4.25', () => {
    const answer = answerOffline('How do ratings of 60, 40 and 20 percent combine?');
    expect(answer.text).toContain('combined value 76 percent');
    expect(answer.text).toContain('combined value 81 percent');
    expect(answer.text).toContain('rounded to the nearest 10: **80 percent**');
    expect(citations(answer)).toContain('38 CFR 4.25');
    // "…not 80 percent" is the veteran's guess, not a third rating.
    const guess = answerOffline(
      'I have a 50 percent and a 30 percent rating. Why is my combined rating not 80 percent?',
    );
    expect(guess.text).toContain(
      '**50 percent and 30 percent combine to 70 percent, not 80 percent.**',
    );
  });
});

describe('[DOMAIN][OFFLINE ENGINE]: other questions', () => {
  it('[DOMAIN]: answers a deadline first, in bold, then quotes the rule', () => {
    const answer = answerOffline("How long do I have to appeal to the Board of Veterans' Appeals?");
    expect(answer.text).toMatch(/^\*\*In short\*\* \(38 CFR 20\.203\): “.*\*\*within one year\*\*/);
    expect(citations(answer)).toContain('38 CFR 20.203');
    expect(answer.text).toContain('> (b) Time of filing.');
  });

  it('[DOMAIN]: puts a guide’s plain words first and still cites the regulation', () => {
    const answer = answerOffline('What is an intent to file and how long does it last?');
    expect(answer.text).toContain('**In plain words** (our guide “Intent to File”)');
    expect(citations(answer)).toContain('Muster guide: Intent to File');
    expect(citations(answer)).toContain('38 CFR 3.155');
  });

  it('[DOMAIN]: cites 38 U.S.C. 7332 when it quotes the Part 20 note that names it', () => {
    const answer = answerOffline('Are my alcohol abuse treatment records specially protected?');
    expect(citations(answer)).toEqual(
      expect.arrayContaining(['38 CFR 20.1202-20.1299', '38 U.S.C. 7332']),
    );
    expect(answer.text).toContain('also see 38 U.S.C. 7332');
  });

  it('[DOMAIN]: says plainly when nothing fits, and where to look, with no citation', () => {
    for (const question of ['What is the capital of France?', 'What is my name?', '', '   ']) {
      const answer = answerOffline(question);
      expect(answer, question).toEqual({ text: NOT_FOUND_TEXT, citations: [], found: false });
    }
    expect(NOT_FOUND_TEXT).toContain('will not guess');
    expect(NOT_FOUND_TEXT).toContain('accredited representative');
    expect(NOT_FOUND_TEXT).toContain('VA.gov');
    expect(NOT_FOUND_TEXT).toContain('ecfr.gov');
  });

  it('[DOMAIN]: tells a question on another program (home loans) that it is not here', () => {
    const answer = answerOffline('How do I get a VA home loan?');
    expect(answer.found).toBe(false);
    expect(answer.citations).toEqual([]);
    expect(answer.text).toContain('This looks like a question about VA home loans');
    expect(answer.text).toContain('accredited representative');
  });
});

describe('[DOMAIN][OFFLINE ENGINE]: the veteran’s records', () => {
  it('[DOMAIN]: finds the veteran’s own disability and its code from plain words', () => {
    const answer = answerOffline('What is my knee rated?', RECORDS);
    expect(citations(answer)[0]).toBe('38 CFR 4.71a, DC 5260');
    expect(answer.text).toContain(
      'Your records list **Knee strain, left** under diagnostic code 5260, rated 10 percent.',
    );
    expect(answer.text).toContain(
      'A higher rating needs the criteria of the 20 or 30 percent level',
    );
  });

  it('[DOMAIN]: says when the veteran already has the highest level of the code', () => {
    const answer = answerOffline('How could my tinnitus go up?', RECORDS);
    expect(answer.text).toContain('That is the highest level the schedule gives for this code.');
  });

  it('[DOMAIN]: combines the veteran’s own ratings for "my combined rating"', () => {
    const answer = answerOffline('What is my combined rating?', RECORDS);
    expect(answer.text).toContain(
      '**Your combined rating from the ratings in your records (10 percent, 10 percent, 50 percent) is 60 percent.**',
    );
    expect(citations(answer)).toContain('38 CFR 4.25');
  });
});

describe('[DOMAIN][OFFLINE ENGINE]: what every answer keeps to', () => {
  const SET = loadQuestionSet();

  it('[DOMAIN]: no HTML passes through, from the veteran’s records or anywhere else', () => {
    const records: UserRecords = {
      disabilities: [
        {
          title: 'Knee <script>alert(1)</script> <img src=x onerror=alert(1)>',
          diagnosticCode: '5260',
          diagnosis: '<b>bold</b>',
          percent: 10,
        },
      ],
    };
    const answer = answerOffline('What is my knee rated?', records);
    expect(answer.text).not.toContain('<');
    expect(plain(answer.text)).toContain('Knee <script>alert(1)</script>');
    for (const question of SET.questions)
      expect(answerOffline(question.question).text, question.id).not.toContain('<');
  });

  it('[DOMAIN]: quotes each cited passage word for word, and every citation resolves', () => {
    for (const question of SET.questions.slice(0, 40)) {
      const answer = answerOffline(question.question);
      const text = plain(answer.text);
      for (const cited of answer.citations) {
        expect(resolveCitation(cited.citation), cited.citation).toBeDefined();
        const passage = getPassage(cited.passageId);
        expect(passage, cited.passageId).toBeDefined();
        if (!passage || passage.section === 'guide') continue;
        for (const line of passage.text.split('\n').filter((l) => l.trim() !== ''))
          expect(text, `${question.id} ${passage.id}`).toContain(`> ${line.trim()}`);
      }
    }
  });

  it('[DOMAIN]: is deterministic', () => {
    const question = 'How is PTSD rated?';
    expect(answerOffline(question, RECORDS)).toEqual(answerOffline(question, RECORDS));
  });

  it('[DOMAIN]: passes the fixed evaluation set (at least 90 %)', () => {
    const results = SET.questions.map((question) => {
      const answer = answerOffline(question.question);
      return scoreAnswer(question, { text: answer.text, citations: citations(answer) });
    });
    expect(scoreSet(results)).toBeGreaterThanOrEqual(90);
  });
});

describe('[DOMAIN][OFFLINE ENGINE]: retrievePassages', () => {
  it('[DOMAIN]: gives the passages the answer quotes first, up to the limit', () => {
    const question = 'How is tinnitus rated?';
    const passages = retrievePassages(question, undefined, 6);
    expect(passages).toHaveLength(6);
    expect(passages[0]?.id).toBe('4.87-dc6260');
    expect(passages.some((passage) => passage.section === 'guide')).toBe(false);
    expect(retrievePassages(question, undefined, 2)).toHaveLength(2);
  });

  it('[DOMAIN]: uses the records and gives nothing when nothing fits', () => {
    expect(retrievePassages('How could my tinnitus go up?', RECORDS)[0]?.id).toBe('4.87-dc6260');
    expect(retrievePassages('What is the capital of France?')).toEqual([]);
  });
});

describe('[DOMAIN][OFFLINE ENGINE]: presumptive lists', () => {
  it('[DOMAIN]: a condition on a list is said first, with the list and its citation', () => {
    const answer = answerOffline('Is hypertension presumptive for Agent Orange?');
    const lead = answer.text.split('**What the regulation says:**')[0]!;
    expect(lead).toContain("**On VA's list** (38 CFR 3.309(e); 38 U.S.C. 1116)");
    expect(lead).toContain('High blood pressure (hypertension) (38 U.S.C. 1116(a)(2))');
    expect(answer.citations.map((c) => c.citation)).toContain('38 CFR 3.309(e); 38 U.S.C. 1116');
  });

  it('[DOMAIN]: only the entries the question names, not every entry sharing a common word', () => {
    const lead = answerOffline('Is prostate cancer presumptive for Agent Orange?').text.split(
      '**What the regulation says:**',
    )[0]!;
    expect(lead).toContain('- Prostate cancer');
    expect(lead).not.toContain('Respiratory cancers');
  });

  it('[DOMAIN]: each list is a passage of its own, with the places and periods that qualify', () => {
    const list = getPassage('presumptive-herbicide');
    expect(list?.title).toBe('Diseases associated with herbicide agents (Agent Orange)');
    expect(list?.text).toMatch(/Thailand/);
    expect(resolveCitation('38 CFR 3.309(e); 38 U.S.C. 1116')?.id).toBe('presumptive-herbicide');
  });
});
