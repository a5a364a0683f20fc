import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

const read = (page: string) =>
  readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8').replace(/\s+/g, ' ');

describe('privacy claims', () => {
  const policy = read('privacy-policy.html');

  it('says what is encrypted at rest, with which cipher, and who holds the keys', () => {
    expect(policy).toContain(
      'your name, and the name, email address and message of anything you send us through the contact form',
    );
    expect(policy).toContain('encrypted on its own with AES-256-GCM');
    expect(policy).toContain(
      "your chat messages, the assistant's replies and the titles of your conversations",
    );
    expect(policy).toContain('every version of your personal statements');
    expect(policy).toContain(
      'the name and email address of each doctor you send one to; for each buddy statement, the signer',
    );
    expect(policy).toContain('Social Security number, VA file number, date of birth, address');
    expect(policy).toContain(
      'for each C-file you give us, its file name, the text read from each of its pages and the medications and diagnoses found in it',
    );
    expect(policy).toContain(
      'the name, email address and phone number of your representative, and the label you give each link you share with them',
    );
    expect(policy).toContain(
      'so is the copy we keep of each claim form you file with VA through Muster',
    );
    expect(policy).toContain('each file is encrypted with AES-256-GCM as it arrives');
    expect(policy).toContain('server-side AES-256 encryption');
    expect(policy).toContain(
      'the keys for our own encryption are held by us and kept outside the database',
    );
    expect(policy).toContain('the key is generated there');
  });

  it('lists the short labels that stay plain and searchable', () => {
    expect(policy).toContain(
      'list it for you: the names of your disabilities and conditions, the names of your documents, and the names you give your claims',
    );
    expect(policy).toContain('Your email address also stays unencrypted');
  });

  it('makes no blanket claim that everything is encrypted at rest', () => {
    for (const page of ['privacy-policy.html', 'index.html', 'pricing.html']) {
      const html = read(page);
      expect(html, page).not.toMatch(
        /(information|records and statements) (is|are) encrypted in transit and at rest/i,
      );
      expect(html, page).not.toMatch(/medical information is encrypted/i);
    }
  });
});
