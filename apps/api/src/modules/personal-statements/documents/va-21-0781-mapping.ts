import type {
  BEHAVIOR_CHANGES,
  EVIDENCE_SOURCE_TYPES,
  REPORT_TYPES,
  STRESSOR_TYPES,
} from '@muster/contract/disability-records';

/**
 * How the trauma answers (keyed as in `@muster/contract/disability-records`) land on VA Form
 * 21-0781 (MAR 2024). The records were modelled on the 21-526EZ's personal-trauma questions, so
 * some keys have no box of their own on the 21-0781: those are written out in VA's words in the
 * free-text item the form gives for them (10C, or "Other" under items 11 and 12). The tables are
 * typed against the contract's lists, so a new key fails to compile until it is placed here.
 */

const P1 = 'F[0].#subform[2].';
const P2 = 'F[0].#subform[3].';
const P3 = 'F[0].#subform[4].';
const P4 = 'F[0].#subform[5].';

export const IDENTITY_FIELDS = {
  firstName: `${P1}Veterans_Service_Members_First_Name[0]`,
  middleInitial: `${P1}VeteransMiddleInitial1[0]`,
  lastName: `${P1}VeteransLastName[0]`,
  ssnFirst: `${P1}SSN1[0]`,
  ssnMiddle: `${P1}SSN2[0]`,
  ssnLast: `${P1}SSN3[0]`,
  vaFileNumber: `${P1}VAFileNumber[0]`,
  birthMonth: `${P1}Month[0]`,
  birthDay: `${P1}Day[0]`,
  birthYear: `${P1}Year[0]`,
  serviceNumber: `${P1}VeteransServiceNumber[0]`,
  phoneArea: `${P1}AreaCode[0]`,
  phonePrefix: `${P1}FirstThreeNumbers[0]`,
  phoneLine: `${P1}LastFourNumbers[0]`,
  internationalPhone: `${P1}International_Telephone_Number_If_Applicable[0]`,
  email: `${P1}E_Mail_Address_Optional[0]`,
} as const;

/** Item 9: six rows of description (9A), location (9B) and dates (9C). */
export const EVENT_ROWS = Array.from({ length: 6 }, (_, row) => ({
  description: `${P1}Brief_Description_Of_The_Traumatic_Events[${row}]`,
  location: `${P1}Location_Of_The_Traumatic_Events[${row}]`,
  dates: `${P1}Dates_The_Traumatic_Events_Occured[${row}]`,
}));

/** Item 8, the type of event. */
export const EVENT_TYPE_BOXES = {
  combat: `${P1}Combat_Traumatic_Events[0]`,
  personalNotMst: `${P1}Personal_Traumatic_Events_Not_Involving_Military_Sexual_Trauma[0]`,
  personalMst: `${P1}Personal_Traumatic_Events_Involving_Military_Sexual_Trauma[0]`,
  other: `${P1}Other_Traumatic_Events[0]`,
} as const;

/**
 * | stressor type            | item 8 box                                               |
 * |--------------------------|----------------------------------------------------------|
 * | combat                   | Combat traumatic event(s)                                |
 * | personal_assault         | Personal traumatic event(s) (not involving MST)          |
 * | military_sexual_trauma   | Personal traumatic event(s) (involving MST)              |
 * | non_combat               | Other traumatic event(s)                                 |
 * An event marked `is_mst` also checks the MST box.
 */
export const STRESSOR_TYPE_BOX: Record<
  (typeof STRESSOR_TYPES)[number],
  keyof typeof EVENT_TYPE_BOXES
> = {
  combat: 'combat',
  personal_assault: 'personalNotMst',
  military_sexual_trauma: 'personalMst',
  non_combat: 'other',
};

/**
 * Item 10A's fourteen boxes, each with its item 10B row ("additional information"), in the order
 * the form prints them (rows 0-9 on the form's page 4, 10-13 on page 5).
 */
export const BEHAVIOR_BOXES = {
  healthcareVisits: {
    checkBox: `${P2}Increased_Decreased_Visits_To_A_Healthcare_Professional_Counselor_Or_Treatment_Facility[0]`,
    row: 0,
    label:
      'Increased/decreased visits to a healthcare professional, counselor, or treatment facility',
  },
  dutyAssignment: {
    checkBox: `${P2}Request_For_A_Change_In_Occupational_Series_Or_Duty_Assignment[0]`,
    row: 1,
    label: 'Request for a change in occupational series or duty assignment',
  },
  leave: {
    checkBox: `${P2}Increased_Decreased_Use_Of_Leave[0]`,
    row: 2,
    label: 'Increased/decreased use of leave',
  },
  performance: {
    checkBox: `${P2}Changes_In_Performance_Or_Performance_Evaluations[0]`,
    row: 3,
    label: 'Changes in performance or performance evaluations',
  },
  depression: {
    checkBox: `${P2}Episodes_Of_Depression_Panic_Attacks_Or_Anxiety[0]`,
    row: 4,
    label: 'Episodes of depression, panic attacks, or anxiety',
  },
  prescription: {
    checkBox: `${P2}Increased_Decreased_Use_Of_Prescription_Medications[0]`,
    row: 5,
    label: 'Increased/decreased use of prescription medications',
  },
  overTheCounter: {
    checkBox: `${P2}Increased_Decreased_Use_Of_Over_The_Counter_Medications[0]`,
    row: 6,
    label: 'Increased/decreased use of over-the-counter medications',
  },
  alcoholOrDrugs: {
    checkBox: `${P2}Increased_Decreased_Use_Of_Alcohol_Or_Drugs[0]`,
    row: 7,
    label: 'Increased/decreased use of alcohol or drugs',
  },
  disciplinary: {
    checkBox: `${P2}Disciplinary_Or_Legal_Difficulties[0]`,
    row: 8,
    label: 'Disciplinary or legal difficulties',
  },
  eating: {
    checkBox: `${P2}Changes_In_Eating_Habits_Such_As_Overeating_Or_Undereating_Or_Significant_Changes_In_Weight[0]`,
    row: 9,
    label:
      'Changes in eating habits, such as overeating or undereating, or significant changes in weight',
  },
  pregnancy: {
    checkBox: `${P3}Pregnancy_Tests_Around_The_Time_Of_The_Traumatic_Events[0]`,
    row: 10,
    label: 'Pregnancy tests around the time of the traumatic event(s)',
  },
  sexuallyTransmitted: {
    checkBox: `${P3}Tests_For_Sexually_Transmitted_Infections[0]`,
    row: 11,
    label: 'Tests for sexually transmitted infections',
  },
  economicOrSocial: {
    checkBox: `${P3}Economic_Or_Social_Behavioral_Changes[0]`,
    row: 12,
    label: 'Economic or social behavioral changes',
  },
  relationship: {
    checkBox: `${P3}Changes_In_Or_Breakup_Of_A_Significant_Relationship[0]`,
    row: 13,
    label: 'Changes in or breakup of a significant relationship',
  },
} as const;
export type BehaviorBox = keyof typeof BEHAVIOR_BOXES;

/** Item 10B's row beside each box (all fourteen rows belong to one subform). */
export const behaviorRowField = (row: number) =>
  `${P2}Additional_Information_About_Behavioral_Changes[${row}]`;
export const ADDITIONAL_BEHAVIOR_CHANGES_FIELD = `${P3}List_Additional_Behavioral_Changes[0]`;

/**
 * Item 10: each behaviour change key, the box it checks, and whether the box says the same thing
 * (`exact`). When it does not, the 10B row starts with VA's 526EZ wording of the change, so
 * nothing is claimed that the veteran did not say. `null`: no box fits, the change is listed in 10C.
 *
 * | key                | item 10A box                                          | exact |
 * |--------------------|-------------------------------------------------------|-------|
 * | changeAssignment   | Request for a change in occupational series or duty   | yes   |
 * | increasedLeave     | Increased/decreased use of leave                      | yes   |
 * | withoutLeave       | Disciplinary or legal difficulties (AWOL is an offence)| no    |
 * | performanceChanges | Changes in performance or performance evaluations     | yes   |
 * | economicChanges    | Economic or social behavioral changes                 | yes   |
 * | resign             | — (10C: "Resigning from your job")                    |       |
 * | increasedVisits    | Increased/decreased visits to a healthcare professional| yes  |
 * | pregnancyTests     | Pregnancy tests around the time of the event(s)       | yes   |
 * | hivTests           | Tests for sexually transmitted infections             | yes   |
 * | weightChanges      | Changes in eating habits … or weight                  | yes   |
 * | lethargy           | — (10C)                                               |       |
 * | breakup            | Changes in or breakup of a significant relationship   | yes   |
 * | increasedDisregard | Disciplinary or legal difficulties                    | no    |
 * | withdrawal         | Economic or social behavioral changes                 | no    |
 * | unexplained        | Economic or social behavioral changes                 | no    |
 * | depression         | Episodes of depression, panic attacks, or anxiety     | yes   |
 * | obsessive          | — (10C)                                               |       |
 * | prescription       | Increased/decreased use of prescription medications   | no (the 526EZ item also covers over-the-counter medicines; its wording is kept, the over-the-counter box is not guessed) |
 * | substance          | Increased/decreased use of alcohol or drugs           | yes   |
 * | hypervigilance     | — (10C)                                               |       |
 * | agoraphobia        | — (10C)                                               |       |
 * | fear               | — (10C)                                               |       |
 * | other              | — (10C, the veteran's description)                    |       |
 */
export const BEHAVIOR_CHANGE_BOX: Record<
  keyof typeof BEHAVIOR_CHANGES,
  { box: BehaviorBox; exact: boolean } | null
> = {
  changeAssignment: { box: 'dutyAssignment', exact: true },
  increasedLeave: { box: 'leave', exact: true },
  withoutLeave: { box: 'disciplinary', exact: false },
  performanceChanges: { box: 'performance', exact: true },
  economicChanges: { box: 'economicOrSocial', exact: true },
  resign: null,
  increasedVisits: { box: 'healthcareVisits', exact: true },
  pregnancyTests: { box: 'pregnancy', exact: true },
  hivTests: { box: 'sexuallyTransmitted', exact: true },
  weightChanges: { box: 'eating', exact: true },
  lethargy: null,
  breakup: { box: 'relationship', exact: true },
  increasedDisregard: { box: 'disciplinary', exact: false },
  withdrawal: { box: 'economicOrSocial', exact: false },
  unexplained: { box: 'economicOrSocial', exact: false },
  depression: { box: 'depression', exact: true },
  obsessive: null,
  prescription: { box: 'prescription', exact: false },
  substance: { box: 'alcoholOrDrugs', exact: true },
  hypervigilance: null,
  agoraphobia: null,
  fear: null,
};

/** Item 11: was a report filed, and which kind. Each button is a group of its own in the PDF. */
export const REPORT_FIELDS = {
  yes: `${P3}Report_Yes[0]`,
  no: `${P3}Report_No[0]`,
  restricted: `${P3}Restricted[0]`,
  unrestricted: `${P3}Unrestricted[0]`,
  neither: `${P3}Neither[0]`,
  police: `${P3}Police[0]`,
  policeLocation: `${P3}Police_Report_Location_If_Known[0]`,
  other: `${P3}Other[1]`,
  otherText: `${P3}Other_Report[0]`,
} as const;

/**
 * Item 11: the button each report type selects, and its words where the form asks for text.
 *
 * | report_type      | item 11 button | text                                          |
 * |------------------|----------------|-----------------------------------------------|
 * | restricted       | Restricted     | details on the attached page                  |
 * | unrestricted     | Unrestricted   | details on the attached page                  |
 * | military_police  | Police report  | "Military police" + agency etc. (location box)|
 * | civilian_police  | Police report  | "Civilian police" + agency etc. (location box)|
 * | chain_of_command | Other          | "Chain of command report" + details           |
 * | medical          | Other          | "Medical report" + details                    |
 * | other            | Other          | "Other report" + details                      |
 * "Yes" is selected when there is any report. "No" and "Neither" are never selected: having no
 * report on record does not say that none was filed.
 */
export const REPORT_TYPE_BUTTON: Record<
  (typeof REPORT_TYPES)[number],
  { button: 'restricted' | 'unrestricted' | 'police' | 'other'; label: string }
> = {
  restricted: { button: 'restricted', label: 'Restricted report' },
  unrestricted: { button: 'unrestricted', label: 'Unrestricted report' },
  military_police: { button: 'police', label: 'Military police' },
  civilian_police: { button: 'police', label: 'Civilian police' },
  chain_of_command: { button: 'other', label: 'Chain of command report' },
  medical: { button: 'other', label: 'Medical report' },
  other: { button: 'other', label: 'Other report' },
};

/** Item 12's boxes. */
export const EVIDENCE_BOXES = {
  rapeCrisisCenter: `${P3}A_Rape_Crisis_Center_Or_Center_For_Domestic_Abuse[0]`,
  counselingFacility: `${P3}A_Counseling_Facility_Or_Health_Clinic[0]`,
  familyOrRoommates: `${P3}Family_Member_Or_Roomates[0]`,
  facultyMember: `${P3}A_Faculty_Member[0]`,
  civilianPolice: `${P3}Civilian_Police_Reports[0]`,
  civilianMedical: `${P3}Medical_Reports_From_Civilian_Physicians_Or_Caregivers_Who_Treated_You_Immediately_Following_The_Incident_Or_Sometime_Later[0]`,
  chaplainOrClergy: `${P3}A_Chaplain_Or_Clergy[0]`,
  fellowServiceMembers: `${P3}Fellow_Service_Members[0]`,
  diariesOrJournals: `${P3}Personal_Diaries_Or_Journals[0]`,
  none: `${P3}No_Evidence[0]`,
  other: `${P3}Other_Specify_Below[0]`,
} as const;
export const OTHER_EVIDENCE_FIELD = `${P3}Other_Evidence[0]`;

/**
 * Item 12: the box each evidence source type checks; `other` ones are named in "Other (specify)".
 *
 * | source_type        | item 12 box                                                  |
 * |--------------------|--------------------------------------------------------------|
 * | buddy_statement    | Fellow service member(s)                                     |
 * | family_statement   | Family members or roommates                                  |
 * | medical_records    | Medical reports from civilian physicians or caregivers (the  |
 * |                    | closest box; VA gets military and VA records itself)         |
 * | counseling_records | A counseling facility or health clinic                       |
 * | clergy             | A chaplain or clergy                                         |
 * | rape_crisis_center | A rape crisis center or center for domestic abuse            |
 * | law_enforcement    | Civilian police reports                                      |
 * | military_records   | Other (specify): "Military records"                          |
 * | personal_records   | Personal diaries or journals                                 |
 * | other              | Other (specify): the veteran's words                         |
 * "A faculty member" and "None" are never checked: no source type says either.
 */
export const EVIDENCE_SOURCE_BOX: Record<
  (typeof EVIDENCE_SOURCE_TYPES)[number],
  { box: keyof typeof EVIDENCE_BOXES; label: string }
> = {
  buddy_statement: { box: 'fellowServiceMembers', label: 'Fellow service member' },
  family_statement: { box: 'familyOrRoommates', label: 'Family member or roommate' },
  medical_records: { box: 'civilianMedical', label: 'Medical records' },
  counseling_records: { box: 'counselingFacility', label: 'Counseling records' },
  clergy: { box: 'chaplainOrClergy', label: 'Chaplain or clergy' },
  rape_crisis_center: { box: 'rapeCrisisCenter', label: 'Rape crisis center' },
  law_enforcement: { box: 'civilianPolice', label: 'Law enforcement' },
  military_records: { box: 'other', label: 'Military records' },
  personal_records: { box: 'diariesOrJournals', label: 'Personal records' },
  other: { box: 'other', label: 'Other' },
};

/** Item 13. */
export const TREATMENT_FIELDS = {
  yes: `${P3}Treatment_Yes[0]`,
  no: `${P3}Treatment_No[0]`,
  rows: Array.from({ length: 3 }, (_, row) => ({
    facility: `${P4}Name_And_Location_Of_Treatment_Facility[${row}]`,
    month: `${P4}Date_Of_Treatment_Month[${row}]`,
    year: `${P4}Date_Of_Treatment_Year[${row}]`,
    noDate: `${P4}Check_Box_Do_Not_Have_Date_s[${row}]`,
  })),
};

/** Item 14. */
export const REMARKS_FIELD = `${P4}Remarks_If_Any[0]`;

/** Left empty for the veteran and others: signatures, dates signed, VHA consent, witnesses, POA. */
export const UNFILLED_FIELDS = [
  `${P4}Signature[0]`,
  `${P4}Date_Signed_Month[0]`,
  `${P4}Date_Signed_Day[0]`,
  `${P4}Date_Signed_Year[0]`,
  `${P4}I_Consent_To_Have_VBA_Notify_VHA_About_Certain_Upcoming_Events_Related_To_My_Claim_And_Or_Appeal[0]`,
  `${P4}I_Do_Not_Consent_To_Have_VBA_Notify_VHA_About_Certain_Upcoming_Events_Related_To_My_Claim_And_Or_Appeal[0]`,
  `${P4}I_Revoke_Prior_Consent_To_Have_VBA_Notify_VHA_About_Certain_Upcoming_Events_Related_To_My_Claim_And_Or_Appeal[0]`,
  `${P4}Not_Applicable_And_Or_Not_Enrolled_In_VHA_Healthcare[0]`,
  'F[0].#subform[6].Printed_Name_And_Address_Of_Witness[0]',
  'F[0].#subform[6].Printed_Name_And_Address_Of_Witness[1]',
  'F[0].#subform[6].Accreditation_Number[0]',
] as const;
