import { describe, expect, it } from 'vitest';
import { loadPdf } from '#src/lib/pdf-forms/test-support.ts';
import type { FormVeteran } from '#src/lib/pdf-forms/identity.ts';
import { VA_21_0966_FIELDS as F, VA_21_0966_SIGNATURE_FIELDS, fillVa210966 } from './va-21-0966.ts';

const VETERAN: FormVeteran = {
  first_name: 'Christopher',
  middle_name: 'Quentin',
  last_name: 'Montgomery',
  ssn: '123-45-6789',
  va_file_number: 'C12345678',
  date_of_birth: '1979-02-03',
  address: {
    line1: '1200 Elm St',
    line2: 'Apt 4B',
    line3: null,
    city: 'Springfield',
    state: 'IL',
    zip_code: '62704-1234',
  },
  phone: '2175550123',
  email: 'christopher.montgomery@example.com',
};

describe('VA Form 21-0966', () => {
  it('fills Section I from the veteran record and checks compensation, field by field', async () => {
    const form = (await loadPdf(await fillVa210966(VETERAN))).getForm();
    const text = (name: string) => form.getTextField(name).getText() ?? '';
    expect(text(F.firstName)).toBe('Christopher');
    expect(text(F.middleInitial)).toBe('Q');
    expect(text(F.lastName)).toBe('Montgomery');
    expect(text(F.ssnFirst)).toBe('123');
    expect(text(F.ssnMiddle)).toBe('45');
    expect(text(F.ssnLast)).toBe('6789');
    expect(text(F.vaFileNumber)).toBe('C12345678');
    expect(text(F.birthMonth)).toBe('02');
    expect(text(F.birthDay)).toBe('03');
    expect(text(F.birthYear)).toBe('1979');
    expect(text(F.street)).toBe('1200 Elm St');
    expect(text(F.unit)).toBe('4B');
    expect(text(F.city)).toBe('Springfield');
    expect(text(F.state)).toBe('IL');
    expect(text(F.country)).toBe('US');
    expect(text(F.zipFirstFive)).toBe('62704');
    expect(text(F.zipLastFour)).toBe('1234');
    expect(text(F.phoneArea)).toBe('217');
    expect(text(F.phonePrefix)).toBe('555');
    expect(text(F.phoneLine)).toBe('0123');
    expect(text(F.internationalPhone)).toBe('');
    expect(text(F.email1) + text(F.email2)).toBe('christopher.montgomery@example.com');
    expect(form.getCheckBox(F.compensation).isChecked()).toBe(true);
    expect(form.getCheckBox(F.pension).isChecked()).toBe(false);
    expect(form.getCheckBox(F.survivors).isChecked()).toBe(false);
    // Signed by the veteran on paper.
    for (const name of VA_21_0966_SIGNATURE_FIELDS.slice(1)) expect(text(name)).toBe('');
  });

  it('leaves out what the record does not hold, and keeps the form fillable', async () => {
    const bytes = await fillVa210966({
      ...VETERAN,
      middle_name: null,
      ssn: null,
      va_file_number: null,
      address: null,
      phone: '+44 20 7946 0958',
      email: null,
    });
    const form = (await loadPdf(bytes)).getForm();
    const text = (name: string) => form.getTextField(name).getText() ?? '';
    expect(text(F.middleInitial)).toBe('');
    expect(text(F.ssnFirst)).toBe('');
    expect(text(F.street)).toBe('');
    expect(text(F.phoneArea)).toBe('');
    expect(text(F.internationalPhone)).toBe('+44 20 7946 0958');
    expect(text(F.email1)).toBe('');
    expect(form.getFields().length).toBeGreaterThan(60);
  });
});
