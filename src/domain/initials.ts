/**
 * Avatar initials (spec section 2, Reusable pieces): the first letters of up to the first two words of the
 * full name, skipping the word BINTI (a Malay patronymic particle, not part of the given name).
 */
export function initialsOf(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0 && word.toUpperCase() !== 'BINTI')
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
