import { describe, expect, it } from 'vitest';

import { serializeContactForm } from './contact-model.ts';

function formData(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe('serializeContactForm', () => {
  it('sends every field, honeypot included', () => {
    expect(
      serializeContactForm(
        formData({
          name: 'Ada',
          email: 'ada@example.com',
          topic: 'problem',
          message: 'It broke.',
          website: '',
        }),
      ),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'problem',
      message: 'It broke.',
      website: '',
    });
  });

  it('falls back to feedback for an unknown topic and to empty text for missing fields', () => {
    expect(serializeContactForm(formData({ topic: 'sales' }))).toEqual({
      name: '',
      email: '',
      topic: 'feedback',
      message: '',
      website: '',
    });
  });

  it('passes a filled honeypot on to the API, which decides what to do with it', () => {
    expect(serializeContactForm(formData({ website: 'http://spam.example' })).website).toBe(
      'http://spam.example',
    );
  });
});
