/**
 * The inputs of the document builders in this folder. They are plain data, with no database row
 * or HTTP shape: the caller adapts its records to them.
 */

import type { FormVeteran } from '#src/lib/pdf-forms/identity.ts';

/** The veteran as the VA forms ask for them (shared by every form filler). */
export type { FormVeteran };

/** One version of a personal statement, for the PDF, the Word file and VA Form 21-4138. */
export type StatementDocumentInput = {
  /** Null when the veteran has no record yet: the identity boxes stay empty. */
  veteran: FormVeteran | null;
  disabilityTitle: string;
  /** Plain text; paragraphs are separated by a blank line. */
  body: string;
  version: number;
  /** The date printed on the statement, e.g. 'November 25, 2026' (passed in: output is deterministic). */
  dateLabel: string;
};

/** What VA Form 21-0781 asks about the traumatic events behind a mental-health condition. */
export type TraumaFormInput = {
  veteran: FormVeteran | null;
  stressorTypes: ('combat' | 'non_combat' | 'personal_assault' | 'military_sexual_trauma')[];
  events: {
    description: string;
    /** YYYY-MM-DD. */
    date: string | null;
    date_is_approximate: boolean;
    location: string | null;
    unit: string | null;
    is_mst: boolean;
  }[];
  behaviorChanges: {
    /** A key of BEHAVIOR_CHANGES (`@muster/contract/disability-records`), or 'other'. */
    change: string;
    description: string | null;
    noticed_on: string | null;
  }[];
  officialReports: {
    /** One of REPORT_TYPES. */
    report_type: string;
    agency: string | null;
    report_number: string | null;
    report_date: string | null;
    description: string | null;
  }[];
  evidenceSources: {
    /** One of EVIDENCE_SOURCE_TYPES. */
    source_type: string;
    name: string | null;
    description: string | null;
  }[];
  treatments: { facility_name: string; start_date: string | null }[];
  /** The statement body: it goes into the remarks (item 14). */
  remarks: string;
};
