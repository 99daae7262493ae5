/** The least width and height of a pointer target, in CSS pixels (WCAG 2.2, target size minimum). */
export const TARGET_SIZE = 24;
