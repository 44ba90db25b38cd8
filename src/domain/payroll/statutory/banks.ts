import type { BANK_NAMES } from '../../enums';

export type BankName = (typeof BANK_NAMES)[number];

/**
 * Where a receiving bank is reached in Singapore's GIRO/FAST clearing. Source tags are those of
 * shared/payroll/statutory-files.md (section 4.1): C10 is a UOB v4.8 generator, C11 a vendor's
 * bank list, O12 UOB's own specification.
 */
export interface ReceivingBank {
  /** 4-digit clearing code (DBS UFF writes it; UOB and OCBC files use the BIC). */
  readonly bankCode: string;
  /** 11-character BIC. */
  readonly bic: string;
  /** UOB files need the 3-digit branch code in front of the account number (O12, section 3.2 field 3). */
  readonly branchPrefixInUob: boolean;
  readonly source: string;
  /** official: the bank's or agency's own document; code: open-source data; weak: thin or conflicting. */
  readonly certainty: 'official' | 'code' | 'weak';
  /** The bank's other clearing code, for banks that have two; a stored code equal to it selects it. */
  readonly alternative?: { readonly bankCode: string; readonly bic: string; readonly note: string };
}

/*
 * Two-code banks (Standard Chartered, HSBC, Citibank): the brief chose the code whose BIC has the
 * SGSG location (the bank's Singapore clearing member). Each of these banks also has a locally
 * incorporated subsidiary with its own code, which retail accounts may belong to; that code is
 * kept as `alternative`, and an employee's stored bank code picks it (see receivingBank).
 */
export const RECEIVING_BANKS: Readonly<Record<BankName, ReceivingBank>> = {
  DBS: {
    bankCode: '7171',
    bic: 'DBSSSGSGXXX',
    branchPrefixInUob: false,
    source: 'C11, C8, C10',
    certainty: 'code',
  },
  // POSB accounts are DBS accounts: same clearing code and BIC.
  POSB: {
    bankCode: '7171',
    bic: 'DBSSSGSGXXX',
    branchPrefixInUob: false,
    source: 'C11, C8, C10',
    certainty: 'code',
  },
  OCBC: {
    bankCode: '7339',
    bic: 'OCBCSGSGXXX',
    branchPrefixInUob: true,
    source: 'C11, C10; prefix O12',
    certainty: 'code',
  },
  UOB: {
    bankCode: '7375',
    bic: 'UOVBSGSGXXX',
    branchPrefixInUob: false,
    source: 'C11, C10; BIC O12',
    certainty: 'code',
  },
  // C11 gives both codes the same BIC, MBBESGS2XXX, so neither has an SGSG BIC; 7302 is the one the
  // facts' table lists first with that BIC.
  Maybank: {
    bankCode: '7302',
    bic: 'MBBESGS2XXX',
    branchPrefixInUob: false,
    source: 'C11, C10',
    certainty: 'code',
    alternative: { bankCode: '9636', bic: 'MBBESGS2XXX', note: 'second Maybank code in C11, same BIC' },
  },
  Citibank: {
    bankCode: '7214',
    bic: 'CITISGSGXXX',
    branchPrefixInUob: false,
    source: 'C11, C10',
    certainty: 'code',
    alternative: { bankCode: '9201', bic: 'CITISGSLXXX', note: 'second Citibank code in C11' },
  },
  'Standard Chartered': {
    bankCode: '7144',
    bic: 'SCBLSGSGXXX',
    branchPrefixInUob: false,
    source: 'C11 (C10 uses 9496)',
    certainty: 'code',
    alternative: { bankCode: '9496', bic: 'SCBLSG22XXX', note: 'the code C10 uses; second code in C11' },
  },
  HSBC: {
    bankCode: '7232',
    bic: 'HSBCSGSGXXX',
    branchPrefixInUob: true,
    source: 'C11, C10; prefix O12',
    certainty: 'code',
    alternative: { bankCode: '9548', bic: 'HSBCSGS2XXX', note: 'second HSBC code in C11' },
  },
  RHB: { bankCode: '7366', bic: 'RHBBSGSGXXX', branchPrefixInUob: false, source: 'C11', certainty: 'code' },
  // Not in the facts' table; C11's file list names them (ANZBSGSXXXX[7931], CIBBSGSGXXX[7986]).
  ANZ: {
    bankCode: '7931',
    bic: 'ANZBSGSXXXX',
    branchPrefixInUob: false,
    source: 'brief; C11 file name',
    certainty: 'weak',
  },
  // Conflict: C11 gives 7083 to Bank of China and 7366 to RHB; C10 maps Bank of China to 7366.
  // Two banks cannot share a code, and C11 is consistent with itself, so 7083 is used.
  'Bank of China': {
    bankCode: '7083',
    bic: 'BKCHSGSGXXX',
    branchPrefixInUob: false,
    source: 'C11 (C10 says 7366: conflict)',
    certainty: 'weak',
  },
  CIMB: {
    bankCode: '7986',
    bic: 'CIBBSGSGXXX',
    branchPrefixInUob: false,
    source: 'brief; C11 file name',
    certainty: 'weak',
  },
};
// State Bank of India also needs the branch prefix in UOB files (O12) but is not one of our banks.

/**
 * The code and BIC to pay a bank's account into. An employee's stored bank code chooses between a
 * bank's two codes; a stored code that is neither gives null, so the caller can report it.
 */
export function receivingBank(
  bankName: BankName,
  storedBankCode?: string | null,
): { bankCode: string; bic: string; branchPrefixInUob: boolean } | null {
  const bank = RECEIVING_BANKS[bankName];
  const stored = storedBankCode?.trim() ?? '';
  if (stored === '' || stored === bank.bankCode) {
    return { bankCode: bank.bankCode, bic: bank.bic, branchPrefixInUob: bank.branchPrefixInUob };
  }
  if (bank.alternative && stored === bank.alternative.bankCode) {
    return { bankCode: stored, bic: bank.alternative.bic, branchPrefixInUob: bank.branchPrefixInUob };
  }
  return null;
}
