/**
 * CSV as RFC 4180 writes it (fields quoted when they hold a comma, quote, CR or LF, quotes doubled,
 * CRLF line ends), safe to open in a spreadsheet: a text cell that starts with = + - @, a tab or a
 * CR is prefixed with ' so Excel, LibreOffice and Sheets show it instead of running it as a
 * formula (OWASP, "CSV Injection"). A negative number, given as text or as a number, stays a number.
 */

export type CsvCell = string | number | null | undefined;

/** One CSV field; '' for null and undefined. */
export function csvField(value: CsvCell): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text: a header line, then one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Saves CSV text as a file named `fileName` through the browser's download, nothing uploaded. */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
