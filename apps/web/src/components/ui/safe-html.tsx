import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { noticeAllowList } from '@plugboard/contract';

const allowedTags: ReadonlySet<string> = new Set(noticeAllowList.tags);
const allowedSchemes: ReadonlySet<string> = new Set(noticeAllowList.linkSchemes.map((s) => `${s}:`));

/** An http(s) or mailto target, else null: no javascript:, data: or relative URL survives. */
export function safeHref(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return allowedSchemes.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = Array.from(element.childNodes, toReact);
  const tag = element.tagName.toLowerCase();
  // A tag outside the allow-list gives its text only (as the server's cleaning does); script and style give none.
  if (tag === 'script' || tag === 'style') return null;
  if (!allowedTags.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    if (!href) return createElement(Fragment, { key }, ...children);
    return createElement(
      'a',
      { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' },
      ...children,
    );
  }
  // No attribute is carried over: no event handler, style or class reaches the page.
  return createElement(tag, { key }, ...(children.length ? children : []));
}

/**
 * Renders HTML written in the rich-text editor (and cleaned by the server) as React elements, never as markup: it is
 * parsed in an inert document (nothing loads or runs there), and only the allow-list's tags, with no attributes but
 * a link's http(s)/mailto target, are rendered. So even HTML that did not pass the server's cleaning is harmless.
 */
export function SafeHtml({ html }: { html: string }) {
  const nodes = useMemo(() => {
    if (!html) return [];
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(doc.body.childNodes, toReact);
  }, [html]);
  return <>{nodes}</>;
}
