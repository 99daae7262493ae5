/**
 * Message texts of the event log are shown as HTML. They are plain text (with the password masked),
 * so they are escaped first; only line breaks and web links become markup.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** Safe HTML for a plain message text: escaped, links made clickable, line breaks kept. */
export function plainTextToHtml(text: string | null | undefined): string {
  const source = text ?? '';
  let html = '';
  let last = 0;
  for (const match of source.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    html += escapeHtml(source.slice(last, index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}" target="_blank" rel="noopener noreferrer">${url}</a>`;
    last = index + match[0].length;
  }
  html += escapeHtml(source.slice(last));
  return html.replace(/\r?\n/g, '<br>');
}
