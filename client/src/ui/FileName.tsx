/**
 * A file name that, when it does not fit, is cut before its extension, so 'Relevé de paie – Québec….pdf'
 * still says what kind of file it is; the whole name is its title.
 */
export function FileName({ name }: { name: string }) {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return (
    <span
      title={name}
      style={{ display: 'inline-flex', minWidth: 0, maxWidth: '100%', verticalAlign: 'bottom' }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{stem}</span>
      <span style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>{extension}</span>
    </span>
  );
}
