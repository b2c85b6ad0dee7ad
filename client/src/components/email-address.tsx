import { Fragment } from 'react';

/**
 * An email address that a narrow column may wrap only where it reads well: after the '@' and before
 * each '.' (a piece longer than the column still breaks, as the last resort).
 * @example <Text size="sm"><EmailAddress email="maria.gonzalez@students.university.edu" /></Text>
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
