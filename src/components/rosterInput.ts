/** Reading the roster builder's number fields. */

/** The text as a whole number within min..max, or null when it is not one. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}
