import type { CallDefinition } from './call-definition.ts';
import { noticeRefSchema, noticeSaveSchema, noticesSchema } from './notices.ts';

/** The rich-text editor's calls (/notice/v2): the site's display notice and invoice footer. */
export const noticeCalls = {
  '/cms-system/system/notice/v2/detail': {
    body: noticeRefSchema,
    data: noticesSchema,
    access: 'site',
    summary: "The site's display notice and invoice footer, as cleaned HTML",
  },
  '/cms-system/system/notice/v2/save': {
    body: noticeSaveSchema,
    data: noticesSchema,
    access: 'site',
    summary: 'Cleans the HTML given against the allow-list and stores it; answers what was stored',
  },
} as const satisfies Record<string, CallDefinition>;
