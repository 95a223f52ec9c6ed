const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The site's invoice footer (cleaned HTML of the rich-text editor: paragraphs, headings, lists, links, bold) as the
 * plain text an invoice prints: a line per block, list items with a bullet, a link's text with its address.
 */
export function footerText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_m, href: string, text: string) =>
      text.includes(href) ? text : `${text} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(p|h[1-6]|li|ul|ol|div|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) =>
      e.startsWith('#x') || e.startsWith('#X')
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : (entities[e.toLowerCase()] ?? m),
    )
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}
