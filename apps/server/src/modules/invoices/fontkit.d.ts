// fontkit ships no types; the invoices use only `create` and hand its font to pdfkit, which takes a fontkit font
// wherever it takes a font file (pdfkit 0.20: PDFFontFactory.open accepts an object with `layout`).
declare module 'fontkit' {
  export type Font = { layout: (text: string) => unknown };
  export function create(buffer: Uint8Array): Font;
}
