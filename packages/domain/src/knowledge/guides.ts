/**
 * Short guides to the claim process, written here in plain words (nothing is copied from VA's
 * pages or the regulations). The assistant shows one as the plain-words part of an answer, and
 * still quotes and cites the regulation passages in `sources`, which must each resolve to a
 * passage of the knowledge base (a test checks it). Dates and deadlines here restate the cited
 * text; the form numbers are VA's.
 */
export type Guide = {
  id: string;
  title: string;
  /** Words a veteran might use for the topic, searched besides the title and text. */
  keywords: string[];
  text: string;
  /** Citations of regulation passages: "38 CFR 3.155(b)", "38 CFR 4.87, DC 6260". */
  sources: string[];
};

export const GUIDES: readonly Guide[] = [
  {
    id: 'guide-intent-to-file',
    title: 'Intent to File',
    keywords: ['intent to file', 'ITF', 'save my date', 'start a claim', 'form 21-0966'],
    text:
      'An intent to file tells VA you plan to claim. If you then send a complete claim within one ' +
      'year, VA treats it as filed on the day your intent to file arrived, which can mean months of ' +
      'extra back pay. You can submit it online (start the application on VA.gov and save it), on ' +
      'VA Form 21-0966, or by telling VA (by phone or in person) and having it recorded. You do not ' +
      'have to name your conditions yet. It does not cover supplemental claims. If the year passes ' +
      'without a complete claim, the intent to file simply expires.',
    sources: ['38 CFR 3.155(b)', '38 CFR 3.155(b)(1)', '38 CFR 3.155(b)(2)'],
  },
  {
    id: 'guide-filing-a-claim',
    title: 'Filing a disability compensation claim (VA Form 21-526EZ)',
    keywords: ['526', '526EZ', '21-526EZ', 'file a claim', 'apply for disability', 'how to apply'],
    text:
      'The claim itself is VA Form 21-526EZ, filed online at VA.gov, by mail or with a ' +
      "representative's help. List each condition and say how it connects to service. Send what " +
      'you have: private treatment records, statements from you and from people who saw what ' +
      'happened (buddy statements), and anything showing the in-service event. VA must help you ' +
      'get federal records such as service treatment records and VA medical records, and other ' +
      'records you identify, and will usually order an examination when the evidence needs one.',
    sources: ['38 CFR 3.155(d)(1)(ii)', '38 CFR 3.159(c)', '38 CFR 3.159(c)(4)'],
  },
  {
    id: 'guide-cp-exam',
    title: 'Compensation and pension (C&P) exams',
    keywords: ['C&P exam', 'C and P exam', 'compensation exam', 'VA exam', 'missed my exam'],
    text:
      'A C&P exam is a medical examination VA orders to decide your claim; it is not treatment. ' +
      'Go to it and describe your worst days as well as your usual ones. If you miss it without a ' +
      'good reason, VA decides an original claim on the evidence it has, and may deny a claim for ' +
      'an increase. If you cannot attend, tell VA before the date and ask to reschedule.',
    sources: ['38 CFR 3.326(a)', '38 CFR 3.655(a)', '38 CFR 3.655(b)'],
  },
  {
    id: 'guide-decision-reviews',
    title: 'If you disagree with a decision: the three review lanes',
    keywords: [
      'appeal',
      'disagree with my decision',
      'denied',
      'review options',
      'decision review',
      'lanes',
    ],
    text:
      'After a decision you can choose one of three lanes for each issue. A Supplemental Claim ' +
      '(VA Form 20-0995) is for new and relevant evidence. A Higher-Level Review (VA Form 20-0996) ' +
      'asks a more senior reviewer to look again at the same evidence; you cannot add evidence. A ' +
      "Board Appeal (VA Form 10182, the Notice of Disagreement) sends the issue to the Board of Veterans' " +
      'Appeals, where you pick direct review, evidence submission or a hearing. File a Higher-Level ' +
      'Review or a Board Appeal within one year of the decision notice. A Supplemental Claim can be ' +
      'filed at any time, but filing it within that same year keeps your original effective date. ' +
      'Only one lane at a time for the same issue.',
    sources: [
      '38 CFR 3.2500(a)',
      '38 CFR 3.2500(b)',
      '38 CFR 3.2501',
      '38 CFR 3.2601(d)',
      '38 CFR 20.203(b)',
    ],
  },
  {
    id: 'guide-board-appeal',
    title: "Board Appeal (Notice of Disagreement) and the Board's dockets",
    keywords: ['board appeal', 'BVA', '10182', 'docket', 'board hearing', 'notice of disagreement'],
    text:
      "A Board Appeal goes to the Board of Veterans' Appeals on VA Form 10182 within one year of " +
      'the decision notice. On the form you choose a docket: direct review of the evidence VA ' +
      'already had, a docket where you add evidence within 90 days, or a hearing docket (with 90 days ' +
      'after the hearing for evidence). You can change your choice within a limited time after ' +
      'filing. Appeals are generally decided in the order received on each docket; serious illness, ' +
      'financial hardship or being 75 or older can move a case up.',
    sources: ['38 CFR 20.202(b)', '38 CFR 20.202(c)', '38 CFR 20.203(b)', '38 CFR 20.800(a)'],
  },
  {
    id: 'guide-effective-dates',
    title: 'Effective dates and back pay',
    keywords: ['back pay', 'effective date', 'retro pay', 'when does pay start'],
    text:
      'The effective date decides when payments start. As a rule it is the later of the day VA ' +
      'received the claim and the day the condition began. A claim filed within a year of leaving ' +
      'service can reach back to the day after separation. For an increase, VA can go back up to a ' +
      'year before the claim if the records show when the condition got worse. An intent to file ' +
      'can protect an earlier date.',
    sources: ['38 CFR 3.400', '38 CFR 3.400(b)(2)(i)', '38 CFR 3.400(o)'],
  },
  {
    id: 'guide-tdiu',
    title: 'Individual unemployability (TDIU)',
    keywords: ['TDIU', 'IU', 'unemployability', "can't work", 'unable to work', 'paid at 100'],
    text:
      'Total disability based on individual unemployability pays at the 100 percent rate when ' +
      'service-connected conditions keep you from holding a steady job that supports you, even ' +
      'though your combined rating is lower. The usual threshold is one condition at 60 percent, or ' +
      'a combined 70 percent with one condition at 40 percent. If you fall short, VA can still ' +
      'refer your case for an extra-schedular decision. Odd jobs or work earning under the poverty ' +
      'line do not count against you. VA Form 21-8940 is the application.',
    sources: ['38 CFR 4.16(a)', '38 CFR 4.16(b)', '38 CFR 3.340(a)(1)'],
  },
  {
    id: 'guide-smc',
    title: 'Special monthly compensation (SMC)',
    keywords: ['SMC', 'special monthly compensation', 'housebound', 'aid and attendance'],
    text:
      'Special monthly compensation is paid on top of (or instead of) the regular rates for the ' +
      'most serious losses: losing a hand, a foot, an eye or a creative organ (or their use), ' +
      'deafness in both ears, needing the help of another person, or being housebound. The letter (SMC-K, ' +
      'SMC-L, SMC-S and so on) is the paragraph of 38 U.S.C. 1114 that pays it. VA should consider ' +
      'it on its own when the evidence supports it; you can also ask for it.',
    sources: ['38 CFR 3.350(a)', '38 CFR 3.350(b)', '38 CFR 3.350(i)'],
  },
  {
    id: 'guide-secondary',
    title: 'Secondary service connection',
    keywords: ['secondary', 'secondary condition', 'caused by my service-connected', 'made worse'],
    text:
      'A condition caused by a condition that is already service connected can be service ' +
      'connected too (for example, a back problem from years of walking on a bad knee). So can the ' +
      'extra disability when a service-connected condition makes another condition worse. A ' +
      "doctor's opinion that explains the link is usually the key evidence.",
    sources: ['38 CFR 3.310(a)', '38 CFR 3.310(b)'],
  },
  {
    id: 'guide-representation',
    title: 'Getting free help: accredited representatives',
    keywords: ['VSO', 'representative', 'lawyer', 'attorney', 'help with my claim', 'agent'],
    text:
      'Accredited representatives of Veterans Service Organizations (such as the DAV, the American ' +
      'Legion or the VFW, or your county veterans service officer) help with claims and reviews ' +
      'free of charge. Accredited attorneys and claims agents may charge a fee, but generally not ' +
      'for help before VA decides your claim the first time. Check that anyone helping you is ' +
      "accredited on VA's accreditation search, and appoint them with VA Form 21-22 or 21-22a.",
    sources: ['38 CFR 20.5'],
  },
  {
    id: 'guide-combined-ratings',
    title: 'How VA combines ratings',
    keywords: ['combined rating', 'VA math', 'add up my ratings', 'total rating'],
    text:
      'VA does not add ratings. It starts with the highest and applies each next rating to the ' +
      'part of you still counted as able, then rounds the final value to the nearest 10 (5 rounds ' +
      'up). When both arms or both legs are rated, a bilateral factor of 10 percent of their ' +
      'combined value is added first.',
    sources: ['38 CFR 4.25(a)', '38 CFR 4.26'],
  },
];
