import { describe, expect, it } from 'vitest';
import { codePurposes, languages } from '@plugboard/contract';
import { codeMail } from './code-mail.ts';

describe('the code mails', () => {
  it.each(languages)('has a subject and a text with the code for every purpose in %s', (language) => {
    const subjects = codePurposes.map((purpose) => {
      const mail = codeMail(language, purpose, 'K7P2');
      expect(mail.text).toMatch(/\n\n {4}K7P2\n\n/);
      expect(mail.text).toContain('10');
      expect(mail.text).not.toMatch(/[{}]/);
      return mail.subject;
    });
    expect(new Set(subjects).size).toBe(codePurposes.length);
  });

  it('is written in each language, not in English everywhere', () => {
    const english = codeMail('en_US', 'register', 'K7P2').subject;
    for (const language of languages.filter((l) => l !== 'en_US')) {
      expect(codeMail(language, 'register', 'K7P2').subject).not.toBe(english);
    }
  });
});
