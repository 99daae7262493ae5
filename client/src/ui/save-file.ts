/** Hands bytes to the browser as a file download (a lender package). */
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
