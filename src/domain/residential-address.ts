/**
 * An employee's residential address, which Form IR8A asks for (issue 32): a Singapore address (block or
 * house number, street, unit, 6-digit postal code) or a foreign one in free form. The widths are those
 * of IRAS's AIS record for the same fields (docs/statutory-files.md, IR8A). No zod here: the PDF worker
 * thread prints addresses and starts without loading it.
 */

export const ADDRESS_FIELDS = [
  'addressBlock',
  'addressStreet',
  'addressUnit',
  'addressPostalCode',
  'foreignAddress',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The address as stored and answered; every part null when none was given. */
export type ResidentialAddress = Record<AddressField, string | null>;

export const ADDRESS_LIMITS = {
  addressBlock: 10,
  addressStreet: 32,
  /** Level and unit together, such as #12-345. */
  addressUnit: 10,
  foreignLine: 30,
  foreignLines: 3,
} as const;

export const BLOCK_REQUIRED = 'Please enter the block or house number.';
export const STREET_REQUIRED = 'Please enter the street name.';
export const POSTAL_CODE_MESSAGE = 'Postal code must be 6 digits.';
export const ADDRESS_EITHER = 'Enter a Singapore address or a foreign address, not both.';
export const FOREIGN_ADDRESS_MESSAGE = `A foreign address has at most ${ADDRESS_LIMITS.foreignLines} lines of at most ${ADDRESS_LIMITS.foreignLine} characters each.`;

/** The non-empty lines of a foreign address as typed, each trimmed. */
export const foreignAddressLines = (text: string | null): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** A part as typed, trimmed; anything but text (which its own field refuses) is none. */
const part = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const filled = (value: unknown) => part(value) !== '';

/**
 * What is wrong with an address as typed (form values or a request's fields), field by field. No
 * part at all is no address, which is allowed: the IR8A then says the address is not available.
 */
export function addressProblems(
  value: Partial<Record<AddressField, unknown>>,
): Array<{ field: AddressField; message: string }> {
  const local = filled(value.addressBlock) || filled(value.addressStreet) || filled(value.addressUnit);
  const singapore = local || filled(value.addressPostalCode);
  const problems: Array<{ field: AddressField; message: string }> = [];
  if (filled(value.foreignAddress)) {
    if (singapore) problems.push({ field: 'foreignAddress', message: ADDRESS_EITHER });
    const lines = foreignAddressLines(part(value.foreignAddress));
    if (
      lines.length > ADDRESS_LIMITS.foreignLines ||
      lines.some((l) => l.length > ADDRESS_LIMITS.foreignLine)
    ) {
      problems.push({ field: 'foreignAddress', message: FOREIGN_ADDRESS_MESSAGE });
    }
    return problems;
  }
  if (!singapore) return problems;
  if (!filled(value.addressBlock)) problems.push({ field: 'addressBlock', message: BLOCK_REQUIRED });
  if (!filled(value.addressStreet)) problems.push({ field: 'addressStreet', message: STREET_REQUIRED });
  if (!/^\d{6}$/.test(part(value.addressPostalCode))) {
    problems.push({ field: 'addressPostalCode', message: POSTAL_CODE_MESSAGE });
  }
  return problems;
}

/** The IR8A's kind of address, as IRAS's record codes it: local (L), foreign (F) or not available (N). */
export const addressTypeOf = (address: ResidentialAddress): 'L' | 'F' | 'N' =>
  address.foreignAddress ? 'F' : address.addressPostalCode ? 'L' : 'N';

/** The address as printed, one line each: the street line, the unit, "Singapore" and the postal code. */
export function addressLines(address: ResidentialAddress): string[] {
  if (address.foreignAddress) return foreignAddressLines(address.foreignAddress);
  if (!address.addressPostalCode) return [];
  return [
    `${address.addressBlock ?? ''} ${address.addressStreet ?? ''}`.trim(),
    ...(address.addressUnit ? [address.addressUnit] : []),
    `Singapore ${address.addressPostalCode}`,
  ];
}
