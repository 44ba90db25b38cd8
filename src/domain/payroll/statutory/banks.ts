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
  /** Two-code banks: which entity the default code is (the retail bank, where salary accounts usually are). */
  readonly entity?: 'retail' | 'wholesale';
  /** The bank's other clearing code, for banks that have two; a stored code equal to it selects it. */
  readonly alternative?: {
    readonly bankCode: string;
    readonly bic: string;
    readonly entity: 'retail' | 'wholesale';
    readonly note: string;
  };
}

/*
 * Two-code banks (Standard Chartered, HSBC, Citibank, Maybank; issue 32): each has its wholesale
 * bank (the foreign bank's Singapore branch) and a locally incorporated retail bank with its own
 * clearing code and BIC. People's salary accounts are usually at the retail bank, so the retail code
 * is the default (`bankCode`, `bic`) and the wholesale one the `alternative`; an employee's stored
 * bank code picks it (see receivingBank). Codes and BICs: C11 (each code is a file of its own there).
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
  // Both codes share MBBESGS2XXX in C11; 9636's one branch is named "MSL" (Maybank Singapore Limited,
  // the retail bank), 7302 is Malayan Banking Berhad's branch list. Which is retail is read from that
  // branch name only: weak.
  Maybank: {
    bankCode: '9636',
    bic: 'MBBESGS2XXX',
    branchPrefixInUob: false,
    source: 'C11 (branch MSL)',
    certainty: 'weak',
    entity: 'retail',
    alternative: {
      bankCode: '7302',
      bic: 'MBBESGS2XXX',
      entity: 'wholesale',
      note: 'Malayan Banking Berhad',
    },
  },
  Citibank: {
    bankCode: '9201',
    bic: 'CITISGSLXXX',
    branchPrefixInUob: false,
    source: 'C11; brief',
    certainty: 'code',
    entity: 'retail',
    alternative: { bankCode: '7214', bic: 'CITISGSGXXX', entity: 'wholesale', note: 'Citibank N.A.' },
  },
  'Standard Chartered': {
    bankCode: '9496',
    bic: 'SCBLSG22XXX',
    branchPrefixInUob: false,
    source: 'C11, C10; brief',
    certainty: 'code',
    entity: 'retail',
    alternative: {
      bankCode: '7144',
      bic: 'SCBLSGSGXXX',
      entity: 'wholesale',
      note: 'Standard Chartered Bank',
    },
  },
  HSBC: {
    bankCode: '9548',
    bic: 'HSBCSGS2XXX',
    branchPrefixInUob: true,
    source: 'C11; brief; prefix O12',
    certainty: 'code',
    entity: 'retail',
    alternative: {
      bankCode: '7232',
      bic: 'HSBCSGSGXXX',
      entity: 'wholesale',
      note: 'HSBC Bank (C10 uses 7232)',
    },
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
