/** The least width and height of a pointer target, in CSS pixels (WCAG 2.2, target size minimum). */
export const TARGET_SIZE = 24;

/** A link on a line of its own made a whole target tall, for links stacked one under another. */
export const LINE_TARGET = {
  display: 'block',
  minHeight: TARGET_SIZE,
  lineHeight: `${TARGET_SIZE}px`,
} as const;

/** A link inside a line of text (a breadcrumb) made a whole target tall, its text kept centred. */
export const INLINE_TARGET = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: TARGET_SIZE,
} as const;
