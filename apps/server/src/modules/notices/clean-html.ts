import sanitizeHtml from 'sanitize-html';
import { noticeAllowList } from '@plugboard/contract';

// Everything not named here goes: scripts and styles with their content, event handlers, classes, images, frames.
const options: sanitizeHtml.IOptions = {
  allowedTags: [...noticeAllowList.tags],
  // target and rel are set by transformTags below, whatever the input said.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: [...noticeAllowList.linkSchemes],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object'],
  // A link opens beside the board or console, without handing it a window.opener or a referrer.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

/** The HTML given, cleaned against the notice allow-list (packages/contract notices.ts). */
export function cleanNoticeHtml(html: string): string {
  const cleaned = sanitizeHtml(html, options).trim();
  // An editor's empty document is one empty paragraph: store it as no text at all.
  return /^(<p>\s*<\/p>)*$/.test(cleaned) ? '' : cleaned;
}
