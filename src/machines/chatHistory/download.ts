import type { ExportFile } from './export';

/** Some browsers read the object URL after the click returns; FileSaver keeps it for 40 s, 10 s is plenty. */
const REVOKE_AFTER_MS = 10_000;

/** Hands a file to the browser's download: a Blob, an object URL and a temporary <a download>. */
export function downloadFile(file: ExportFile, doc: Document = document): void {
  const blob = new Blob([file.content], { type: file.mimeType });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
