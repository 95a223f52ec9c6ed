import { z } from 'zod';

/**
 * A site's texts written in the rich-text editor: the notice the display screen shows and the footer invoices
 * print. Each is HTML that the server cleans against an allow-list (`noticeAllowList`) before storing it, so what
 * is read back is what the console may render. The limit counts the text a reader sees, not the markup.
 */
export const noticeLimits = {
  /** Characters of text (tags left out, an entity counting as one). */
  textMax: 5000,
  /** The markup around that text (headings, lists, links): generous, but not without end. */
  htmlMax: 50_000,
} as const;

export const noticeKinds = ['display', 'invoiceFooter'] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/**
 * The tags and attributes that survive the server's cleaning: what the editor makes (bold, italic, headings,
 * lists, links, paragraphs) and nothing that runs. Links keep only http(s) and mailto targets.
 */
export const noticeAllowList = {
  tags: ['p', 'br', 'strong', 'b', 'em', 'i', 's', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'a', 'blockquote'],
  linkSchemes: ['http', 'https', 'mailto'],
} as const;

/** The length of the text an HTML fragment shows: tags removed, each character entity counted once. */
export function noticeTextLength(html: string): number {
  return html.replace(/<[^>]*>/g, '').replace(/&(#\d+|#x[\da-f]+|[a-z]+\d*);/gi, '_').length;
}

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');

const noticeHtml = z
  .string({ error: 'Enter the text' })
  .max(noticeLimits.htmlMax, `The text may have at most ${noticeLimits.htmlMax} characters of markup`)
  .refine((html) => noticeTextLength(html) <= noticeLimits.textMax, {
    error: `The text may have at most ${noticeLimits.textMax} characters`,
  });

export const noticeRefSchema = z.object({ stationId });

/** Saves the texts given; a text left out stays as it was. */
export const noticeSaveSchema = z.object({
  stationId,
  display: noticeHtml.optional().describe('The notice of the display screen (HTML)'),
  invoiceFooter: noticeHtml.optional().describe('The footer printed on invoices (HTML)'),
});
export type NoticeSave = z.infer<typeof noticeSaveSchema>;

/** The site's texts as stored (cleaned HTML; '' when never written). */
export const noticesSchema = z.object({
  display: z.string(),
  invoiceFooter: z.string(),
  updatedAt: z.iso.datetime().nullable(),
});
export type Notices = z.infer<typeof noticesSchema>;
