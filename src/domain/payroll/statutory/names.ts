import { collapseSpaces, forbiddenCharacters, quoteCharacters } from './fixed-width';

/*
 * Names in the files' alphabet (issue 32.8): the one rule every file uses (CPF EZPay, UOB, DBS, OCBC,
 * the IR8A CSV) to write a name in printable ASCII, and the rule a name is checked against when it is
 * entered, so that whatever is stored can go into every file. docs/statutory-files.md, "Names".
 */

/** Characters CPF refuses anywhere in the file (facts 1.2, O1 p6 note 2). */
export const CPF_FORBIDDEN_CHARACTERS = '_+$<>:;?!=[]`^|"~';
/** The CPF detail record's name field, X(66) (facts 1.6); the tightest of the files, and never cut. */
export const CPF_NAME_LENGTH = 66;

/**
 * Letters that Unicode does not decompose into a Latin letter and a mark, written as their usual
 * Latin spelling (ß as in German, æ and ø as in Danish, đ as in Vietnamese, ł as in Polish), and the
 * typographic quotes and dashes phones type for ', " and -.
 */
const NO_DECOMPOSITION: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ł: 'l',
  Ł: 'L',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  '\u2018': "'",
  '\u2019': "'",
  '\u02BC': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2013': '-',
  '\u2014': '-',
};

const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
const MARK = /\p{M}/gu;

/** One character in the files' alphabet, or null when it has no Latin spelling. */
function latinOf(char: string): string | null {
  const mapped = NO_DECOMPOSITION[char];
  if (mapped !== undefined) return mapped;
  // NFKD splits é into e and a combining accent (and ﬁ into f i); the marks are dropped.
  let out = '';
  for (const part of char.normalize('NFKD').replace(MARK, '')) out += NO_DECOMPOSITION[part] ?? part;
  // White space of any kind (a no-break space, a tab) is a space; collapseSpaces joins the runs.
  if (/^\s+$/u.test(out)) return ' ';
  return PRINTABLE_ASCII.test(out) ? out : null;
}

/**
 * A name as the files write it: each character decomposed (NFKD) with its combining marks dropped
 * (José -> Jose, Nguyễn -> Nguyen), the letters that do not decompose spelled by the table above
 * (Strauß -> Strauss, Łukasz -> Lukasz), white space collapsed. Case is kept: the CPF file upper-cases
 * the result. A character with no Latin spelling (陈, 김) is not guessed at: it is listed in `refused`,
 * once each in order of appearance, and left out of `text`.
 */
export function toFileAlphabet(name: string): { text: string; refused: string[] } {
  let text = '';
  const refused: string[] = [];
  for (const char of name.normalize('NFC')) {
    const latin = latinOf(char);
    if (latin !== null) text += latin;
    else if (!refused.includes(char)) refused.push(char);
  }
  return { text: collapseSpaces(text), refused };
}

/**
 * What stops a person's name from going into every file, as one sentence, or null when nothing does:
 * a character with no Latin spelling, a character CPF refuses, or more letters than the CPF file's
 * name field holds once written in its alphabet. The bank files take every other printable character
 * (the ones their banks replace become spaces), so a name that passes here passes them too. The
 * register and profile forms and the API check it on entry, so pay day finds nothing to refuse.
 */
export function personNameProblem(name: string): string | null {
  const { text, refused } = toFileAlphabet(name);
  if (refused.length > 0) {
    return `Enter the name in Latin letters, as on the identity card: ${quoteCharacters(refused)} cannot be written in the CPF and bank files.`;
  }
  const forbidden = forbiddenCharacters(text, CPF_FORBIDDEN_CHARACTERS);
  if (forbidden.length > 0) {
    return `Remove ${quoteCharacters(forbidden)} from the name: the CPF file does not accept ${forbidden.length === 1 ? 'it' : 'them'}.`;
  }
  if (text.length > CPF_NAME_LENGTH) {
    return `The name has ${text.length} characters as the CPF file writes it, and the file holds at most ${CPF_NAME_LENGTH}: enter it the way CPF knows it.`;
  }
  return null;
}
