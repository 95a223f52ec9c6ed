import { z } from 'zod';

/** Trimmed; the server compares e-mails case-insensitively and keeps the case the operator typed. */
export const emailSchema = z.string().trim().max(254).check(z.email('Enter a valid e-mail address'));
