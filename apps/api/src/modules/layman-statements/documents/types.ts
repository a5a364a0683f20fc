import type { FormVeteran } from '#src/lib/pdf-forms/identity.ts';

/** A submitted lay statement, with who it is about and who wrote it, for its downloads. */
export type LayStatementDocumentInput = {
  /** The veteran record the form names; null when the veteran has none. */
  veteran: FormVeteran | null;
  /** The disability the statement supports. */
  condition: string;
  witness: {
    name: string;
    relationship: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    knownSince: string | null;
  };
  statement: string;
  /** The witness's typed signature. */
  signature: string;
  /** When the witness certified and submitted it. */
  certifiedAt: Date;
};

/** The date a statement was certified, as VA's forms write dates (MM/DD/YYYY, UTC). */
export function certifiedDate(input: LayStatementDocumentInput): string {
  const iso = input.certifiedAt.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** The lines that say who wrote the statement and about what, ahead of its text. */
export function witnessDetails(input: LayStatementDocumentInput): string[] {
  const { witness } = input;
  return [
    `Condition: ${input.condition}`,
    `Witness: ${witness.name}`,
    `Relationship to the veteran: ${witness.relationship}`,
    ...(witness.knownSince ? [`Has known the veteran since: ${witness.knownSince}`] : []),
    ...(witness.address
      ? [`Witness's address: ${witness.address.replace(/\s*\n\s*/g, ', ')}`]
      : []),
    ...(witness.phone ? [`Witness's telephone: ${witness.phone}`] : []),
    ...(witness.email ? [`Witness's email: ${witness.email}`] : []),
  ];
}
