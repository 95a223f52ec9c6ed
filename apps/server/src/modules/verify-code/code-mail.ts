import { verificationCodeTtlMinutes, type CodePurpose, type Language } from '@plugboard/contract';
import { text } from '../../lib/texts.ts';

/** The subject and plain text of a code mail (locale files, `mail`); the code stands alone on an indented line. */
export function codeMail(language: Language, purpose: CodePurpose, code: string) {
  const intro = text(language, `mail.intro.${purpose}`);
  const footer = text(language, 'mail.footer', { minutes: verificationCodeTtlMinutes });
  return {
    subject: text(language, `mail.subject.${purpose}`),
    text: `${intro}\n\n    ${code}\n\n${footer}\n`,
  };
}
