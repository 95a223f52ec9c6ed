/**
 * A chosen file's text. Spreadsheets save CSV as UTF-8 or, in Excel's plain "CSV" on Windows, as Windows-1252:
 * text that is not valid UTF-8 is read as the latter, so "Müller" stays Müller rather than M�ller.
 */
export async function readTextFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Offers `text` as a file download, as a link with a `download` attribute does. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; revoking it at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
