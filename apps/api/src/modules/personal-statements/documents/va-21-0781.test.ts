import { BEHAVIOR_CHANGES } from '@muster/contract/disability-records';
import { PDFCheckBox, type PDFDocument, PDFName, PDFTextField } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  VETERAN,
  expectWordsInOrder,
  loadPdf,
  longStatement,
  pdfPageTexts,
  wordsOf,
} from './test-support.ts';
import type { TraumaFormInput } from './types.ts';
import {
  BOX_CONTINUED,
  REMARKS_CONTINUED,
  VA_21_0781_CONTINUATION_TITLE,
  fillVa210781,
} from './va-21-0781.ts';
import {
  ADDITIONAL_BEHAVIOR_CHANGES_FIELD,
  BEHAVIOR_BOXES,
  BEHAVIOR_CHANGE_BOX,
  EVENT_ROWS,
  EVENT_TYPE_BOXES,
  EVIDENCE_BOXES,
  IDENTITY_FIELDS as I,
  OTHER_EVIDENCE_FIELD,
  REMARKS_FIELD,
  REPORT_FIELDS,
  TREATMENT_FIELDS,
  UNFILLED_FIELDS,
  behaviorRowField,
} from './va-21-0781-mapping.ts';

const text = (doc: PDFDocument, name: string) => doc.getForm().getTextField(name).getText() ?? '';
const checked = (doc: PDFDocument, name: string) => doc.getForm().getCheckBox(name).isChecked();
const selected = (doc: PDFDocument, name: string) =>
  doc.getForm().getRadioGroup(name).getSelected() !== undefined;

const FORM_PAGES = 5;

function traumaInput(overrides: Partial<TraumaFormInput> = {}): TraumaFormInput {
  return {
    veteran: VETERAN,
    stressorTypes: ['combat', 'non_combat'],
    events: [
      {
        description: 'Mortar attack on the FOB',
        date: '2007-06-15',
        date_is_approximate: false,
        location: 'FOB Falcon, Baghdad',
        unit: '2-69 Armor',
        is_mst: false,
      },
      {
        description: 'Convoy hit by an IED',
        date: '2007-09-01',
        date_is_approximate: true,
        location: null,
        unit: null,
        is_mst: false,
      },
    ],
    behaviorChanges: [
      { change: 'depression', description: 'Panic attacks at night', noticed_on: '2007-10-01' },
      { change: 'withdrawal', description: 'Stopped seeing friends', noticed_on: null },
      { change: 'unexplained', description: null, noticed_on: null },
      { change: 'increasedLeave', description: null, noticed_on: null },
      { change: 'lethargy', description: 'Slept most weekends', noticed_on: null },
      { change: 'other', description: 'Started sleeping in my truck', noticed_on: '2008-01-15' },
    ],
    officialReports: [
      {
        report_type: 'military_police',
        agency: 'Fort Hood PMO',
        report_number: '07-1234',
        report_date: '2007-06-16',
        description: null,
      },
      {
        report_type: 'chain_of_command',
        agency: 'Company commander',
        report_number: null,
        report_date: null,
        description: 'Told the CO the next morning',
      },
      {
        report_type: 'restricted',
        agency: 'SARC',
        report_number: null,
        report_date: null,
        description: null,
      },
    ],
    evidenceSources: [
      {
        source_type: 'buddy_statement',
        name: 'SSG John Smith',
        description: 'Was in the next bunk',
      },
      { source_type: 'clergy', name: null, description: null },
      { source_type: 'military_records', name: 'Unit log', description: 'Attack logged' },
    ],
    treatments: [
      { facility_name: 'Central Texas VA, Temple TX', start_date: '2009-03-01' },
      { facility_name: 'Vet Center, Killeen TX', start_date: null },
    ],
    remarks: 'I still hear the sirens.\n\nMy wife says I am not the same.',
    ...overrides,
  };
}

describe('fillVa210781', () => {
  it('fills the identity boxes from the veteran record', async () => {
    const doc = await loadPdf(await fillVa210781(traumaInput()));
    const expected: Record<string, string> = {
      [I.firstName]: 'Christopher-',
      [I.middleInitial]: 'Q',
      [I.lastName]: 'Montgomery-Welling',
      [I.ssnFirst]: '123',
      [I.ssnMiddle]: '45',
      [I.ssnLast]: '6789',
      [I.vaFileNumber]: '87654321',
      [I.birthMonth]: '03',
      [I.birthDay]: '04',
      [I.birthYear]: '1970',
      [I.serviceNumber]: 'RA1234567',
      [I.phoneArea]: '910',
      [I.phonePrefix]: '555',
      [I.phoneLine]: '1234',
      [I.internationalPhone]: '',
      [I.email]: 'christopher.montgomery@example.com',
    };
    for (const [name, value] of Object.entries(expected))
      expect([name, text(doc, name)]).toEqual([name, value]);
  });

  it('checks the event types and writes the events into item 9', async () => {
    const doc = await loadPdf(await fillVa210781(traumaInput()));
    expect(checked(doc, EVENT_TYPE_BOXES.combat)).toBe(true);
    expect(checked(doc, EVENT_TYPE_BOXES.other)).toBe(true);
    expect(checked(doc, EVENT_TYPE_BOXES.personalMst)).toBe(false);
    expect(checked(doc, EVENT_TYPE_BOXES.personalNotMst)).toBe(false);
    const [first, second, third] = EVENT_ROWS;
    if (!first || !second || !third) throw new Error('rows');
    expect(text(doc, first.description)).toBe('Mortar attack on the FOB');
    expect(text(doc, first.location)).toBe('FOB Falcon, Baghdad; Unit: 2-69 Armor');
    expect(text(doc, first.dates)).toBe('06/15/2007');
    expect(text(doc, second.description)).toBe('Convoy hit by an IED');
    expect(text(doc, second.location)).toBe('');
    expect(text(doc, second.dates)).toBe('09/01/2007 (approximate)');
    expect(text(doc, third.description)).toBe('');
  });

  it('checks the MST box for an event marked as military sexual trauma', async () => {
    const input = traumaInput({ stressorTypes: ['personal_assault'] });
    input.events[1] = { ...input.events[1], is_mst: true } as TraumaFormInput['events'][number];
    const doc = await loadPdf(await fillVa210781(input));
    expect(checked(doc, EVENT_TYPE_BOXES.personalNotMst)).toBe(true);
    expect(checked(doc, EVENT_TYPE_BOXES.personalMst)).toBe(true);
    expect(checked(doc, EVENT_TYPE_BOXES.combat)).toBe(false);
  });

  it('checks item 10A boxes, writes 10B rows in VA’s words, and lists the rest in 10C', async () => {
    const doc = await loadPdf(await fillVa210781(traumaInput()));
    const b = BEHAVIOR_BOXES;
    expect(checked(doc, b.depression.checkBox)).toBe(true);
    expect(text(doc, behaviorRowField(b.depression.row))).toBe(
      'Panic attacks at night (noticed 10/01/2007)',
    );
    expect(checked(doc, b.economicOrSocial.checkBox)).toBe(true);
    expect(text(doc, behaviorRowField(b.economicOrSocial.row))).toBe(
      'Withdrawal from friends: Stopped seeing friends; Unexplained social behavior changes',
    );
    expect(checked(doc, b.leave.checkBox)).toBe(true);
    expect(text(doc, behaviorRowField(b.leave.row))).toBe('');
    for (const box of [
      'healthcareVisits',
      'dutyAssignment',
      'disciplinary',
      'overTheCounter',
    ] as const) {
      expect([box, checked(doc, b[box].checkBox)]).toEqual([box, false]);
    }
    expect(text(doc, ADDITIONAL_BEHAVIOR_CHANGES_FIELD)).toBe(
      'Lethargy: Slept most weekends\nStarted sleeping in my truck (noticed 01/15/2008)',
    );
  });

  it('places every behaviour change key: its box checked, or its VA wording in 10C', async () => {
    const keys = Object.keys(BEHAVIOR_CHANGES) as (keyof typeof BEHAVIOR_CHANGES)[];
    const doc = await loadPdf(
      await fillVa210781(
        traumaInput({
          behaviorChanges: keys.map((change) => ({ change, description: null, noticed_on: null })),
        }),
      ),
    );
    const unlisted = text(doc, ADDITIONAL_BEHAVIOR_CHANGES_FIELD);
    for (const key of keys) {
      const mapping = BEHAVIOR_CHANGE_BOX[key];
      if (mapping) {
        expect([key, checked(doc, BEHAVIOR_BOXES[mapping.box].checkBox)]).toEqual([key, true]);
        if (!mapping.exact) {
          expect(text(doc, behaviorRowField(BEHAVIOR_BOXES[mapping.box].row))).toContain(
            BEHAVIOR_CHANGES[key],
          );
        }
      } else {
        expect(unlisted).toContain(BEHAVIOR_CHANGES[key]);
      }
    }
    expect(checked(doc, BEHAVIOR_BOXES.overTheCounter.checkBox)).toBe(false);
  });

  it('answers item 11 with the report buttons and their details', async () => {
    const bytes = await fillVa210781(traumaInput());
    const doc = await loadPdf(bytes);
    expect(selected(doc, REPORT_FIELDS.yes)).toBe(true);
    expect(selected(doc, REPORT_FIELDS.no)).toBe(false);
    expect(selected(doc, REPORT_FIELDS.restricted)).toBe(true);
    expect(selected(doc, REPORT_FIELDS.unrestricted)).toBe(false);
    expect(selected(doc, REPORT_FIELDS.neither)).toBe(false);
    expect(selected(doc, REPORT_FIELDS.police)).toBe(true);
    expect(selected(doc, REPORT_FIELDS.other)).toBe(true);
    expect(text(doc, REPORT_FIELDS.policeLocation)).toBe(
      'Military police — Fort Hood PMO, report no. 07-1234, dated 06/16/2007',
    );
    expect(text(doc, REPORT_FIELDS.otherText)).toBe(
      'Chain of command report — Company commander: Told the CO the next morning',
    );
    // The restricted report's agency has no box: it is on the attached page.
    const attached = (await pdfPageTexts(bytes)).slice(FORM_PAGES).join('\n');
    expect(attached).toContain('Item 11. Official report(s) (details)');
    expect(attached).toContain('Restricted report — SARC');
  });

  it('leaves item 11 unanswered when there is no report on record', async () => {
    const doc = await loadPdf(await fillVa210781(traumaInput({ officialReports: [] })));
    for (const name of Object.values(REPORT_FIELDS)) {
      const field = doc.getForm().getField(name);
      if (field instanceof PDFTextField) expect(field.getText()).toBeUndefined();
      else expect([name, selected(doc, name)]).toEqual([name, false]);
    }
  });

  it('checks the item 12 sources and names the others', async () => {
    const bytes = await fillVa210781(traumaInput());
    const doc = await loadPdf(bytes);
    const expected: Record<keyof typeof EVIDENCE_BOXES, boolean> = {
      fellowServiceMembers: true,
      chaplainOrClergy: true,
      other: true,
      rapeCrisisCenter: false,
      counselingFacility: false,
      familyOrRoommates: false,
      facultyMember: false,
      civilianPolice: false,
      civilianMedical: false,
      diariesOrJournals: false,
      none: false,
    };
    for (const [box, value] of Object.entries(expected)) {
      expect([box, checked(doc, EVIDENCE_BOXES[box as keyof typeof EVIDENCE_BOXES])]).toEqual([
        box,
        value,
      ]);
    }
    expect(text(doc, OTHER_EVIDENCE_FIELD)).toBe('Military records — Unit log: Attack logged');
    const attached = (await pdfPageTexts(bytes)).slice(FORM_PAGES).join('\n');
    expect(attached).toContain('Fellow service member — SSG John Smith: Was in the next bunk');
  });

  it('writes the treatment rows of item 13', async () => {
    const doc = await loadPdf(await fillVa210781(traumaInput()));
    expect(selected(doc, TREATMENT_FIELDS.yes)).toBe(true);
    expect(selected(doc, TREATMENT_FIELDS.no)).toBe(false);
    const [first, second, third] = TREATMENT_FIELDS.rows;
    if (!first || !second || !third) throw new Error('rows');
    expect(text(doc, first.facility)).toBe('Central Texas VA, Temple TX');
    expect([text(doc, first.month), text(doc, first.year), checked(doc, first.noDate)]).toEqual([
      '03',
      '2009',
      false,
    ]);
    expect(text(doc, second.facility)).toBe('Vet Center, Killeen TX');
    expect([text(doc, second.month), text(doc, second.year), checked(doc, second.noDate)]).toEqual([
      '',
      '',
      true,
    ]);
    expect([text(doc, third.facility), checked(doc, third.noDate)]).toEqual(['', false]);
  });

  it('leaves signatures, dates signed, the VHA consent, witnesses and representatives empty', async () => {
    const doc = await loadPdf(await fillVa210781(traumaInput()));
    for (const name of UNFILLED_FIELDS) {
      const field = doc.getForm().getField(name);
      const value =
        field instanceof PDFCheckBox
          ? field.isChecked()
          : field.acroField.dict.get(PDFName.of('V'));
      expect([name, value]).toEqual([name, field instanceof PDFCheckBox ? false : undefined]);
    }
    expect(text(doc, REMARKS_FIELD)).toBe(
      'I still hear the sirens.\n\nMy wife says I am not the same.',
    );
    expect(doc.getPageCount()).toBe(FORM_PAGES + 1);
  });

  it('attaches events past the sixth and the whole of descriptions too long for their box', async () => {
    const long = longStatement(700);
    const events = Array.from({ length: 8 }, (_, index) => ({
      description: index === 2 ? long : `Event number ${index + 1}`,
      date: null,
      date_is_approximate: false,
      location: `Place ${index + 1}`,
      unit: null,
      is_mst: false,
    }));
    const bytes = await fillVa210781(traumaInput({ events }));
    const doc = await loadPdf(bytes);
    const third = EVENT_ROWS[2];
    const sixth = EVENT_ROWS[5];
    if (!third || !sixth) throw new Error('rows');
    expect(text(doc, third.description).endsWith(`… ${BOX_CONTINUED}`)).toBe(true);
    expect(text(doc, sixth.description)).toBe('Event number 6');
    const attached = (await pdfPageTexts(bytes)).slice(FORM_PAGES).join('\n');
    expect(attached).toContain('Item 9. Traumatic event(s) (continued)');
    expectWordsInOrder(attached, `Event 3 9A. Description: ${long}`);
    for (const number of [7, 8]) {
      expect(attached).toContain(`9A. Description: Event number ${number}`);
      expect(attached).toContain(`9B. Location: Place ${number}`);
    }
    expect(attached).not.toContain('Event number 6');
  });

  it('continues 25,000 characters of remarks on attached pages, every word in order', async () => {
    const remarks = longStatement(25_000);
    const bytes = await fillVa210781(traumaInput({ remarks }));
    const doc = await loadPdf(bytes);
    const box = text(doc, REMARKS_FIELD);
    expect(box.endsWith(`\n\n${REMARKS_CONTINUED}`)).toBe(true);
    const inBox = wordsOf(box.replace(REMARKS_CONTINUED, ''));
    expect(inBox).toEqual(wordsOf(remarks).slice(0, inBox.length));
    const pages = await pdfPageTexts(bytes);
    const attached = pages.slice(FORM_PAGES);
    expect(attached.length).toBeGreaterThan(3);
    attached.forEach((page, index) => {
      expect(page).toContain(VA_21_0781_CONTINUATION_TITLE);
      expect(page).toContain('Last four of SSN: 6789');
      expect(page).toContain(`Page ${index + 1} of ${attached.length}`);
    });
    const all = attached.join('\n');
    expect(all).toContain('Item 14. Remarks (continued)');
    expectWordsInOrder(
      `${box}\n${all.slice(all.indexOf('Item 14. Remarks (continued)'))}`,
      remarks,
    );
  });

  it('gives a valid form with empty identity boxes when there is no veteran record yet', async () => {
    const doc = await loadPdf(await fillVa210781(traumaInput({ veteran: null })));
    for (const name of Object.values(I)) expect([name, text(doc, name)]).toEqual([name, '']);
    expect(checked(doc, EVENT_TYPE_BOXES.combat)).toBe(true);
  });

  it('fills a form with no trauma answers at all', async () => {
    const bytes = await fillVa210781({
      veteran: null,
      stressorTypes: [],
      events: [],
      behaviorChanges: [],
      officialReports: [],
      evidenceSources: [],
      treatments: [],
      remarks: '',
    });
    const doc = await loadPdf(bytes);
    expect(doc.getPageCount()).toBe(FORM_PAGES);
    expect(text(doc, REMARKS_FIELD)).toBe('');
  });

  it('takes emoji, CJK and odd characters anywhere without failing', async () => {
    const odd = 'Rockets 🚀 hit 漢字 → “again” … \u2011 ✓ 👨‍👩‍👧';
    const input = traumaInput({
      veteran: { ...VETERAN, first_name: '李', email: 'vet@例え.jp' },
      remarks: odd,
      behaviorChanges: [{ change: 'other', description: odd, noticed_on: null }],
      evidenceSources: [{ source_type: 'other', name: '🙂', description: odd }],
      treatments: [{ facility_name: `${odd} clinic`, start_date: 'sometime' }],
    });
    input.events[0] = { ...input.events[0], description: odd } as TraumaFormInput['events'][number];
    const doc = await loadPdf(await fillVa210781(input));
    const converted = 'Rockets ? hit ?? -> “again” … - v ?';
    expect(text(doc, REMARKS_FIELD)).toBe(converted);
    expect(text(doc, EVENT_ROWS[0]?.description ?? '-')).toBe(converted);
    expect(text(doc, I.firstName)).toBe('?');
    expect(text(doc, TREATMENT_FIELDS.rows[0]?.facility ?? '-')).toBe(`${converted} clinic`);
    expect(checked(doc, TREATMENT_FIELDS.rows[0]?.noDate ?? '-')).toBe(true);
  });
});
