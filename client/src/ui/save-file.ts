/**
 * Has the browser download what a link answers (a lender package): saved to disk as it arrives, under the
 * name the server gives it, however large.
 */
export function saveFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Hands bytes made in the page to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Hands text to the browser as a file download (a CSV export, the recovery codes). */
export function saveText(text: string, fileName: string, type = 'text/plain;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}
