// NRIC/FIN check letter: weights 2,7,6,5,4,3,2 on the seven digits, an offset by prefix, then a
// letter table by series (facts and worked examples in the shared leave facts, section 4).
const WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const;
const SERIES: Record<string, { offset: number; letters: string }> = {
  S: { offset: 0, letters: 'JZIHGFEDCBA' },
  T: { offset: 4, letters: 'JZIHGFEDCBA' },
  F: { offset: 0, letters: 'XWUTRQPNMLK' },
  G: { offset: 4, letters: 'XWUTRQPNMLK' },
  M: { offset: 3, letters: 'XWUTRQPNJLK' },
};

/** The check letter for a prefix and seven digits, e.g. ('S', '1234567') gives 'D'. */
export function nricCheckLetter(prefix: string, digits: string): string {
  const series = SERIES[prefix.toUpperCase()];
  if (!series || !/^\d{7}$/.test(digits)) throw new Error(`Not an NRIC/FIN body: ${prefix}${digits}`);
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (WEIGHTS[i] ?? 0), series.offset);
  return series.letters.charAt(sum % 11);
}

/** True for a well-formed NRIC or FIN whose check letter is right (case-insensitive). */
export function isValidNric(value: string): boolean {
  const id = value.trim().toUpperCase();
  const match = /^([STFGM])(\d{7})([A-Z])$/.exec(id);
  if (!match) return false;
  const [, prefix = '', digits = '', letter] = match;
  return nricCheckLetter(prefix, digits) === letter;
}
