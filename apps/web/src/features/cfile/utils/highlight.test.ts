import { describe, expect, it } from 'vitest';

import { highlightSegments } from './highlight';

describe('highlightSegments', () => {
  it('marks every mention of the first term found, whatever its case', () => {
    expect(highlightSegments('Sertraline 50 mg. Continue sertraline.', ['sertraline'])).toEqual([
      { text: 'Sertraline', isMatch: true },
      { text: ' 50 mg. Continue ', isMatch: false },
      { text: 'sertraline', isMatch: true },
      { text: '.', isMatch: false },
    ]);
  });

  it('falls back to the evidence when the name is not on the page, across line breaks', () => {
    const text = 'Assessment:\nChronic PTSD,\nstable on meds.';
    expect(
      highlightSegments(text, ['Posttraumatic stress disorder', 'Chronic PTSD, stable']),
    ).toEqual([
      { text: 'Assessment:\n', isMatch: false },
      { text: 'Chronic PTSD,\nstable', isMatch: true },
      { text: ' on meds.', isMatch: false },
    ]);
  });

  it('treats the terms as plain words, not patterns', () => {
    expect(highlightSegments('Dose (a+b) given', ['(a+b)'])).toEqual([
      { text: 'Dose ', isMatch: false },
      { text: '(a+b)', isMatch: true },
      { text: ' given', isMatch: false },
    ]);
  });

  it('answers the text whole when nothing matches', () => {
    expect(highlightSegments('Nothing here', ['tinnitus', ''])).toEqual([
      { text: 'Nothing here', isMatch: false },
    ]);
  });
});
