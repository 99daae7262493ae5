import { Fragment } from 'react';

/**
 * An e-mail address that wraps after its '@', never in the middle of a word (unless one part alone is
 * wider than the line).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)/);
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
