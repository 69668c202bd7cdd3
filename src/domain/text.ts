/** Small text helpers shared by every floor. */

/** The text with its first letter upper-case: a phrase made to follow a colon, starting a sentence. */
export const upperFirst = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
