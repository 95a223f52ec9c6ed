import type { Invoice, InvoiceLine } from '@plugboard/contract';

/**
 * The invoice as UBL 2.1 XML following EN 16931 and its Peppol BIS Billing 3.0 profile (docs/invoices.md): an
 * Invoice (type code 380) or a CreditNote (381) that references the invoice it credits. One line per invoice line:
 * charging in kWh (unit KWH), the service fee per session (C62, "one"). The price is the line's net amount over its
 * quantity as BaseQuantity, so price x quantity / base = the line amount exactly. VAT category S (standard) for a
 * rate above 0, Z (zero rated) for 0. The country code comes from the VAT number's prefix where it has one.
 */
export function invoiceUbl(invoice: Invoice): string {
  const credit = invoice.kind === 'creditNote';
  const root = credit ? 'CreditNote' : 'Invoice';
  const cur = invoice.currency;
  const amount = (minor: number) => decimal(minor, invoice.currencyDigits);
  const money = (tag: string, minor: number) =>
    `<cbc:${tag} currencyID="${cur}">${amount(minor)}</cbc:${tag}>`;
  const date = (iso: string) => localDate(iso, invoice.timeZone);
  const lastDay = localDate(new Date(Date.parse(invoice.periodTo) - 1).toISOString(), invoice.timeZone);
  const byRate = new Map<number, { net: number; vat: number }>();
  for (const l of invoice.lines) {
    const sum = byRate.get(l.vatRate) ?? { net: 0, vat: 0 };
    sum.net += l.netMinor;
    sum.vat += l.vatMinor;
    byRate.set(l.vatRate, sum);
  }
  const category = (rate: number) =>
    `<cbc:ID>${rate > 0 ? 'S' : 'Z'}</cbc:ID><cbc:Percent>${rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>`;

  // BR-09 / BR-11: both parties' country; a VAT number's prefix says it, else the other party's is the best guess.
  const sellerCountry = countryOf(invoice.seller.vatNumber);
  const buyerCountry = countryOf(invoice.billTo.vatNumber);
  const parts = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`,
    el(
      'cbc',
      'CustomizationID',
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
    ),
    el('cbc', 'ProfileID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
    el('cbc', 'ID', invoice.number ?? ''),
    el('cbc', 'IssueDate', date(invoice.issuedAt ?? invoice.createdAt)),
    el('cbc', credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', credit ? '381' : '380'),
    invoice.description ? el('cbc', 'Note', invoice.description) : '',
    el('cbc', 'DocumentCurrencyCode', cur),
    el('cbc', 'BuyerReference', invoice.customerLabel),
    `<cac:InvoicePeriod>${el('cbc', 'StartDate', date(invoice.periodFrom))}${el('cbc', 'EndDate', lastDay)}</cac:InvoicePeriod>`,
    invoice.creditOf
      ? `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc', 'ID', invoice.creditOf.number)}</cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    `<cac:AccountingSupplierParty>${party({
      country: sellerCountry ?? buyerCountry,
      name: invoice.seller.companyName,
      address: invoice.seller.address,
      vatNumber: invoice.seller.vatNumber,
      email: invoice.seller.email,
    })}</cac:AccountingSupplierParty>`,
    `<cac:AccountingCustomerParty>${party({
      country: buyerCountry ?? sellerCountry,
      name: invoice.billTo.companyName || invoice.billTo.name || invoice.customerLabel,
      address: invoice.billTo.address,
      vatNumber: invoice.billTo.vatNumber,
      email: invoice.billTo.email,
    })}</cac:AccountingCustomerParty>`,
    `<cac:TaxTotal>${money('TaxAmount', invoice.vatMinor)}${[...byRate]
      .sort((a, b) => b[0] - a[0])
      .map(
        ([rate, s]) =>
          `<cac:TaxSubtotal>${money('TaxableAmount', s.net)}${money('TaxAmount', s.vat)}<cac:TaxCategory>${category(rate)}</cac:TaxCategory></cac:TaxSubtotal>`,
      )
      .join('')}</cac:TaxTotal>`,
    `<cac:LegalMonetaryTotal>${money('LineExtensionAmount', invoice.netMinor)}${money('TaxExclusiveAmount', invoice.netMinor)}${money('TaxInclusiveAmount', invoice.grossMinor)}${money('PayableAmount', invoice.grossMinor)}</cac:LegalMonetaryTotal>`,
    ...invoice.lines.map((line, i) => lineXml(line, i + 1)),
    `</${root}>`,
  ];
  return parts.filter(Boolean).join('\n') + '\n';

  function lineXml(line: InvoiceLine, position: number): string {
    const charging = line.kind === 'charging';
    const unit = charging ? 'KWH' : 'C62';
    const quantity = charging
      ? (line.energyWh / 1000).toFixed(3)
      : String(invoice.fee.kind === 'percent' ? 1 : line.sessions);
    const base = Number(quantity) > 0 ? quantity : '1';
    const tag = credit ? 'CreditNoteLine' : 'InvoiceLine';
    const name = charging ? `Charging (${line.sessions} sessions)` : 'Charging service fee';
    return [
      `<cac:${tag}>`,
      el('cbc', 'ID', String(position)),
      `<cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'} unitCode="${unit}">${quantity}</cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'}>`,
      money('LineExtensionAmount', line.netMinor),
      `<cac:Item>${el('cbc', 'Name', name)}<cac:ClassifiedTaxCategory>${category(line.vatRate)}</cac:ClassifiedTaxCategory></cac:Item>`,
      `<cac:Price>${money('PriceAmount', line.netMinor)}<cbc:BaseQuantity unitCode="${unit}">${base}</cbc:BaseQuantity></cac:Price>`,
      `</cac:${tag}>`,
    ].join('');
  }
}

/** ISO 3166 code of an EU VAT number's prefix (Greece writes EL). */
function countryOf(vatNumber: string): string | undefined {
  const code = /^([A-Z]{2})/.exec(vatNumber.replace(/\s/g, '').toUpperCase())?.[1];
  return code === 'EL' ? 'GR' : code;
}

function party(p: {
  country: string | undefined;
  name: string;
  address: string;
  vatNumber: string;
  email: string;
}): string {
  const lines = p.address
    .split(/\r?\n|,/)
    .map((l) => l.trim())
    .filter(Boolean);
  const street = lines[0] ?? '';
  const city = lines.length > 1 ? lines.at(-1)! : '';
  const middle = lines.slice(1, -1).join(', ');
  return [
    '<cac:Party>',
    p.email ? `<cbc:EndpointID schemeID="EM">${escapeXml(p.email)}</cbc:EndpointID>` : '',
    `<cac:PartyName>${el('cbc', 'Name', p.name)}</cac:PartyName>`,
    '<cac:PostalAddress>',
    street ? el('cbc', 'StreetName', street) : '',
    middle ? el('cbc', 'AdditionalStreetName', middle) : '',
    city ? el('cbc', 'CityName', city) : '',
    p.country ? `<cac:Country>${el('cbc', 'IdentificationCode', p.country)}</cac:Country>` : '',
    '</cac:PostalAddress>',
    p.vatNumber
      ? `<cac:PartyTaxScheme>${el('cbc', 'CompanyID', p.vatNumber)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
      : '',
    `<cac:PartyLegalEntity>${el('cbc', 'RegistrationName', p.name)}</cac:PartyLegalEntity>`,
    '</cac:Party>',
  ].join('');
}

/** An amount in minor units as a decimal string, exactly (no floating point): 12345, 2 -> "123.45". */
export function decimal(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

const el = (ns: string, tag: string, value: string) => {
  const name = `${ns}:${tag}`;
  return `<${name}>${escapeXml(value)}</${name}>`;
};

export const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** YYYY-MM-DD of an instant in a zone. */
function localDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}
