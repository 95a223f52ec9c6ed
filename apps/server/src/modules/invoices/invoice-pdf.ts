import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { vatByRate, type InvoiceLine } from '@plugboard/contract';
import type { TextKey } from '../../lib/texts.ts';
import { invoiceFormat, type Printable } from './invoice-format.ts';

// DejaVu Sans (dejavu-fonts-ttf) covers every Latin, Greek and Cyrillic letter the 7 languages and their customers'
// names use; it is embedded (subset) in each PDF, so the file reads the same everywhere. The fonts are parsed once
// per process: given a file, pdfkit would parse it again for every document (most of a PDF's time), and given no
// font it would parse Helvetica's metrics for each document too.
const require = createRequire(import.meta.url);
//
// A font shared by documents keeps its glyphs, each with the characters it was first made for, and a PDF's text
// layer (copying, search, screen readers) reads a glyph by those. The U of an Ü is first made as a part of the Ü,
// with no character: a later PDF's U then read as another letter. So every character's glyph is made first, from
// its character (about 10 ms per font, once).
const parsed = (file: string) => {
  const font = fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  return font;
};
// pdfkit takes a fontkit font wherever it takes a font file; its types say only the file.
const fonts = {
  regular: parsed('DejaVuSans.ttf') as unknown as Buffer,
  bold: parsed('DejaVuSans-Bold.ttf') as unknown as Buffer,
};

const margin = 50;
const width = 595.28 - 2 * margin;
const columns = [
  { x: 0, w: 190, align: 'left' },
  { x: 190, w: 95, align: 'right' },
  { x: 285, w: 55, align: 'right' },
  { x: 340, w: 85, align: 'right' },
  { x: 425, w: width - 425, align: 'right' },
] as const;

/** The invoice (or credit note, or draft) as an A4 PDF in its language. */
export function invoicePdf(invoice: Printable): Promise<Buffer> {
  const f = invoiceFormat(invoice);
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    font: fonts.regular as unknown as string,
    bufferPages: true,
    info: { Title: `${title(invoice, f.t)}`, Producer: 'Plugboard', Creator: 'Plugboard' },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  doc.font('bold').fontSize(20).text(title(invoice, f.t), margin, margin);
  doc.font('regular').fontSize(10).moveDown(0.5);
  if (invoice.number) doc.text(labelled(f, 'invoice.number', invoice.number));
  if ('issuedAt' in invoice && invoice.issuedAt)
    doc.text(labelled(f, 'invoice.issueDate', f.day(invoice.issuedAt)));
  doc.text(f.period);
  if ('creditOf' in invoice && invoice.creditOf)
    doc.text(f.t('invoice.creditOf', { number: invoice.creditOf.number }));

  const partiesTop = doc.y + 15;
  party(doc, f.t('invoice.seller'), margin, partiesTop, [
    invoice.seller.companyName,
    invoice.seller.address,
    invoice.seller.vatNumber && labelled(f, 'invoice.vatNumber', invoice.seller.vatNumber),
    invoice.seller.email,
  ]);
  const sellerBottom = doc.y;
  const b = invoice.billTo;
  party(doc, f.t('invoice.billTo'), margin + width / 2, partiesTop, [
    b.companyName,
    b.name,
    b.address,
    b.vatNumber && labelled(f, 'invoice.vatNumber', b.vatNumber),
    b.email,
    labelled(f, 'invoice.customer', invoice.customerLabel),
  ]);
  doc.y = Math.max(sellerBottom, doc.y) + 15;
  doc.x = margin;
  if (invoice.description) {
    doc.font('bold').text(f.t('invoice.description'));
    doc.font('regular').text(invoice.description, { width });
    doc.moveDown();
  }

  row(
    doc,
    [
      f.t('invoice.description'),
      f.t('invoice.quantity'),
      f.t('invoice.vatRate'),
      f.t('invoice.net'),
      f.t('invoice.vat'),
    ],
    'bold',
  );
  doc
    .moveTo(margin, doc.y)
    .lineTo(margin + width, doc.y)
    .stroke();
  doc.moveDown(0.3);
  for (const line of invoice.lines) row(doc, lineCells(line, invoice, f), 'regular');
  doc
    .moveTo(margin, doc.y)
    .lineTo(margin + width, doc.y)
    .stroke();
  doc.moveDown(0.5);

  total(doc, f.t('invoice.totalNet'), f.money(invoice.netMinor), 'regular');
  for (const [rate, vat] of vatByRate(invoice.lines))
    total(doc, f.t('invoice.totalVat', { rate: f.rate(rate) }), f.money(vat), 'regular');
  total(doc, f.t('invoice.totalGross'), f.money(invoice.grossMinor), 'bold');
  if (invoice.footer) {
    doc.moveDown(2);
    doc.font('regular').fontSize(8).text(invoice.footer, margin, doc.y, { width });
  }

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // The footer sits in the bottom margin: without this pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .text(f.t('invoice.page', { page: i + 1, pages: range.count }), margin, 841.89 - margin + 10, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

export type Format = ReturnType<typeof invoiceFormat>;

export function title(invoice: Printable, t: Format['t']): string {
  const kind = invoice.kind === 'creditNote' ? t('invoice.creditNote') : t('invoice.invoice');
  if (invoice.kind === undefined) return `${kind} (${t('invoice.preview')})`;
  return invoice.number ? kind : `${kind} (${t('invoice.draft')})`;
}

export function lineCells(line: InvoiceLine, invoice: Printable, f: Format): string[] {
  const what =
    line.kind === 'charging'
      ? f.t(f.plural(line.sessions) === 'one' ? 'invoice.charging_one' : 'invoice.charging_other', {
          sessions: line.sessions,
        })
      : f.t('invoice.serviceFee');
  const quantity =
    line.kind === 'charging'
      ? f.kwh(line.energyWh)
      : invoice.fee.kind === 'percent'
        ? f.t('invoice.feePercent', { percent: f.rate(invoice.fee.percent ?? 0) })
        : f.t('invoice.feePerSession', {
            sessions: line.sessions,
            fee: f.money(Math.round((invoice.fee.perSession ?? 0) * 10 ** invoice.currencyDigits)),
          });
  return [what, quantity, f.rate(line.vatRate), f.money(line.netMinor), f.money(line.vatMinor)];
}

/** "Label: value" as the language writes it (French puts a space before the colon). */
function labelled(f: Format, label: TextKey, value: string): string {
  return f.t('invoice.labelled', { label: f.t(label), value });
}

function party(
  doc: PDFKit.PDFDocument,
  heading: string,
  x: number,
  y: number,
  lines: (string | undefined)[],
) {
  doc
    .font('bold')
    .fontSize(10)
    .text(heading, x, y, { width: width / 2 - 10 });
  doc.font('regular');
  for (const line of lines) if (line) doc.text(line, x, undefined, { width: width / 2 - 10 });
}

function row(doc: PDFKit.PDFDocument, cells: string[], font: 'regular' | 'bold') {
  const top = doc.y;
  let bottom = top;
  doc.font(font).fontSize(9);
  cells.forEach((cell, i) => {
    const c = columns[i]!;
    doc.text(cell, margin + c.x, top, { width: c.w - 4, align: c.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = margin;
  doc.y = bottom + 4;
}

function total(doc: PDFKit.PDFDocument, label: string, value: string, font: 'regular' | 'bold') {
  const top = doc.y;
  doc.font(font).fontSize(10);
  doc.text(label, margin + 240, top, { width: 180, align: 'right' });
  // Right-aligned with the VAT column above it (its cells keep 4 pt from the edge).
  doc.text(value, margin + 425, top, { width: width - 425 - 4, align: 'right' });
  doc.x = margin;
  doc.y = Math.max(doc.y, top + 14);
}
