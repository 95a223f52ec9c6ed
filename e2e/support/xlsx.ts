import { inflateRawSync } from 'node:zlib';

/**
 * The files inside a ZIP (an XLSX is one), read from its central directory: enough to look into an exported
 * workbook without a spreadsheet library. Stored (0) and deflated (8) entries only, as any XLSX writer uses.
 */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * The rows of an XLSX's first sheet as text cells, for assertions: numbers, inline strings and shared strings
 * (`t="s"`, looked up in xl/sharedStrings.xml), XML escapes undone.
 */
export function sheetRows(xlsx: Buffer): string[][] {
  const files = unzip(xlsx);
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheet) throw new Error('no first sheet in the workbook');
  const shared = [
    ...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>(.*?)<\/si>/gs),
  ].map(([, item]) => [...(item ?? '').matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map(([, t]) => t ?? '').join(''));
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map(([, row]) =>
    [...(row ?? '').matchAll(/<c([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map(([, attributes, cell]) => {
      const text = (/<t[^>]*>(.*?)<\/t>|<v>(.*?)<\/v>/s.exec(cell ?? '') ?? []).slice(1).join('');
      if (!/\bt="s"/.test(attributes ?? '')) return unescapeXml(text);
      const value = shared[Number(text)];
      if (value === undefined) throw new Error(`shared string ${text} is not in xl/sharedStrings.xml`);
      return unescapeXml(value);
    }),
  );
}
