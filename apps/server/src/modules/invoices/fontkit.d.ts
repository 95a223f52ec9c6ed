// fontkit ships no types; the invoices use `create`, make each character's glyph first, and hand the font to
// pdfkit, which takes a fontkit font wherever it takes a font file (pdfkit 0.20: PDFFontFactory.open accepts an
// object with `layout`).
declare module 'fontkit' {
  export type Font = {
    layout: (text: string) => unknown;
    /** Every code point the font has a glyph for. */
    characterSet: number[];
    glyphForCodePoint: (codePoint: number) => unknown;
  };
  export function create(buffer: Uint8Array): Font;
}
