/**
 * Where a finger points: a coarse pointer, or a phone's width (not every phone browser says it is
 * coarse). There a target gets 44 px each way (WCAG 2.5.5); a mouse keeps the compact sizes.
 */
export const TOUCH = '@media (pointer: coarse), (max-width: 599.95px)';

/** The minimum size of a target a finger taps. */
export const TOUCH_SIZE = 44;

/** An inline link grown to a finger's size without moving its text. */
export const touchLink = {
  [TOUCH]: { display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_SIZE, minWidth: TOUCH_SIZE },
} as const;
