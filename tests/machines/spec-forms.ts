/**
 * Spec section 5, written here in the spec's words: the message each form field may show for what is
 * typed, and when each submit button is enabled. The form models check the app against these, never
 * against the app's own schemas, messages or predicates, so a changed, misspelt or swapped message fails
 * even where the statechart and the screen agree with each other.
 */
type Values = Record<string, string>;

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

// Login: 'Email and Password are required.'; the button is disabled while either is empty.
const LOGIN_REQUIRED = 'Email and Password are required.';
export const loginSpec = {
  canSubmit: (v: Values) => filled(v.email) && (v.password ?? '') !== '',
  errors: (v: Values) => ({
    email: filled(v.email) ? undefined : LOGIN_REQUIRED,
    password: (v.password ?? '') !== '' ? undefined : LOGIN_REQUIRED,
  }),
};

// Forgot password: the email must be non-empty; the spec names no text, ours says what is missing.
export const forgotPasswordSpec = {
  canSubmit: (v: Values) => filled(v.email),
  errors: (v: Values) => ({ email: filled(v.email) ? undefined : 'Please enter your email address.' }),
};

// Reset password: both required ('Please fill in all fields.'); they must match ('Passwords do not match.').
export const resetPasswordSpec = {
  errors: (v: Values) => ({
    newPassword: v.newPassword ? undefined : 'Please fill in all fields.',
    confirmPassword: !v.confirmPassword
      ? 'Please fill in all fields.'
      : v.newPassword && v.newPassword !== v.confirmPassword
        ? 'Passwords do not match.'
        : undefined,
  }),
};

// Change password (and the forced first password): new and confirmation must match ('New passwords do
// not match', with a full stop on submit); submit is disabled while they differ. The spec names no text
// for an empty field; ours is the reset form's.
export const passwordChangeSpec = {
  canSubmit: (v: Values) => v.confirmPassword === '' || v.newPassword === v.confirmPassword,
  errors: (v: Values) => ({
    currentPassword: v.currentPassword ? undefined : 'Please fill in all fields.',
    newPassword: v.newPassword ? undefined : 'Please fill in all fields.',
    confirmPassword:
      v.newPassword !== v.confirmPassword
        ? ['New passwords do not match', 'New passwords do not match.']
        : undefined,
  }),
};

// Register: all fields required ('All fields are required.'); the e-mail must be the company's
// ('Email must be a valid @ company-domain email.').
const ALL_REQUIRED = 'All fields are required.';
export const registerSpec = {
  errors: (v: Values) => ({
    fullName: filled(v.fullName) ? undefined : ALL_REQUIRED,
    email: filled(v.email) ? 'Email must be a valid @ company-domain email.' : ALL_REQUIRED,
    role: filled(v.role) ? undefined : ALL_REQUIRED,
    password: v.password ? undefined : ALL_REQUIRED,
  }),
};

// Leave request: 'Please select a leave type', 'Please select a start date', 'Minimum leave duration is
// 0.5 days' (and ours beside the end date when it is before the start, issue 34); submit is disabled
// while an error message shows. Drop rejections: 'File type must be ...', 'File is larger than N bytes',
// 'File is smaller than N bytes', 'Too many files' (our types: images and PDF; at most 10 MB).
export const requestLeaveSpec = {
  canSubmit: (_v: Values, errors: Record<string, string | undefined>) =>
    Object.values(errors).every((message) => message === undefined),
  errors: (v: Values) => ({
    leaveType: filled(v.leaveType) ? undefined : 'Please select a leave type',
    fromDate: filled(v.fromDate) ? undefined : 'Please select a start date',
    // Ours: the spec names no text for a missing end date, nor for an end before the start (issue 34).
    toDate: !filled(v.toDate)
      ? 'Please select an end date'
      : filled(v.fromDate) && (v.toDate ?? '') < (v.fromDate ?? '')
        ? 'End date cannot be before the start date.'
        : undefined,
    days: Number(v.days) >= 0.5 ? undefined : 'Minimum leave duration is 0.5 days',
    file: [
      'File type must be one of image/png, image/jpeg, image/webp, image/heic, application/pdf',
      `File is larger than ${10 * 1024 * 1024} bytes`,
      'File is smaller than 1 bytes',
      'Too many files',
    ],
  }),
};

// Company (issue 15): the name is required; the UEN is optional, but read upper-cased it must be 8 or 9
// digits and a letter, or T or S, 2 digits, 2 letters, 4 digits and a letter; the CPF submission number is
// optional, but when given (upper-cased) it must be the UEN followed by 3 letters and 2 digits; the bank
// account number is digits only, or empty. Save stays enabled: a submit shows what is wrong.
const UEN_SHAPE = /^(\d{8}[A-Z]|\d{9}[A-Z]|[TS]\d{2}[A-Z]{2}\d{4}[A-Z])$/;
const code = (value: string | undefined) => (value ?? '').trim().toUpperCase();
export const companySpec = {
  errors: (v: Values) => {
    const uen = code(v.uen);
    const csn = code(v.cpfSubmissionNumber);
    const uenRight = uen === '' || UEN_SHAPE.test(uen);
    const csnRight =
      csn === '' ||
      (uen !== '' && uenRight && csn.startsWith(uen) && /^[A-Z]{3}\d{2}$/.test(csn.slice(uen.length)));
    const account = (v.bankAccountNo ?? '').trim();
    const phone = (v.authorisedPersonPhone ?? '').trim();
    const email = (v.authorisedPersonEmail ?? '').trim();
    const window = (v.claimWindowDays ?? '').trim();
    // Issue 32: an account row with anything typed in names its bank.
    const rowTyped = ['bankAccountNo', 'bankAccountName', 'organisationId'].some((f) => filled(v[f]));
    return {
      bankName: rowTyped && !filled(v.bankName) ? 'Please choose the bank of this account.' : undefined,
      name: filled(v.name) ? undefined : 'Please enter the company name.',
      uen: uenRight
        ? undefined
        : 'UEN must be 9 characters (such as 53123456A), 10 characters (such as 201912345K), or start with T or S (such as T08LL1234A).',
      cpfSubmissionNumber: csnRight
        ? undefined
        : 'CPF submission number must be the UEN followed by a payment type and a serial number, such as 201912345KPTE01.',
      bankAccountNo:
        account === '' || /^\d+$/.test(account) ? undefined : 'Bank account number must contain digits only.',
      // Issue 32: the authorised person's telephone and e-mail, when given.
      authorisedPersonPhone:
        phone === '' || (/^[\d\s()+-]+$/.test(phone) && /\d/.test(phone))
          ? undefined
          : 'Telephone number must contain digits, with spaces, +, - or brackets only.',
      authorisedPersonEmail:
        email === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
          ? undefined
          : "Please enter the authorised person's e-mail address, such as hr@example.com.",
      // Issue 37's claim window (default 90 days); the range is ours: whole days, at most a leap year.
      claimWindowDays:
        /^\d+$/.test(window) && Number(window) >= 1 && Number(window) <= 366
          ? undefined
          : 'Claim window must be a whole number of days from 1 to 366.',
    };
  },
};

// Staff records (onboarding's steps and the record panels): 'Please fill in all compulsory fields.'; an
// NRIC/FIN must carry its check letter (ours: 'Please enter a valid NRIC/FIN.'), computed here from the
// shared facts (weights 2765432, +4 for the T series, letters JZIHGFEDCBA for S and T).
const COMPULSORY = 'Please fill in all compulsory fields.';
function hasNricCheckLetter(nric: string): boolean {
  const match = /^([ST])(\d{7})([A-Z])$/.exec(nric);
  if (!match) return false;
  const sum = [...(match[2] ?? '')].reduce(
    (total, digit, i) => total + Number(digit) * ([2, 7, 6, 5, 4, 3, 2][i] ?? 0),
    match[1] === 'T' ? 4 : 0,
  );
  return 'JZIHGFEDCBA'[sum % 11] === match[3];
}
/**
 * Issue 32's residential address (ours, none in the spec): optional; a Singapore one needs its block or house
 * number, street and 6-digit postal code (the unit may be left out); a foreign one is at most 3 lines of 30
 * characters (the IRAS record's widths) and is not given beside a Singapore one.
 */
function addressErrors(v: Values) {
  const singapore = ['addressBlock', 'addressStreet', 'addressUnit', 'addressPostalCode'].some((f) =>
    filled(v[f]),
  );
  if (filled(v.foreignAddress)) {
    const lines = (v.foreignAddress ?? '').split('\n').filter((line) => line.trim() !== '');
    const fits = lines.length <= 3 && lines.every((line) => line.trim().length <= 30);
    return {
      foreignAddress: singapore
        ? 'Enter a Singapore address or a foreign address, not both.'
        : fits
          ? undefined
          : 'A foreign address has at most 3 lines of at most 30 characters each.',
    };
  }
  if (!singapore) return {};
  return {
    addressBlock: filled(v.addressBlock) ? undefined : 'Please enter the block or house number.',
    addressStreet: filled(v.addressStreet) ? undefined : 'Please enter the street name.',
    addressPostalCode: /^\d{6}$/.test((v.addressPostalCode ?? '').trim())
      ? undefined
      : 'Postal code must be 6 digits.',
  };
}
export const staffInfoSpec = {
  labels: {
    gender: 'Gender',
    nric: 'NRIC/FIN',
    dateOfBirth: 'Date of Birth',
    race: 'Race',
    nationality: 'Nationality',
    addressBlock: 'Block/House No',
    addressStreet: 'Street Name',
    addressUnit: 'Unit No',
    addressPostalCode: 'Postal Code',
    foreignAddress: 'Foreign Address',
  },
  dates: ['dateOfBirth'],
  errors: (v: Values) => ({
    nric: !v.nric ? COMPULSORY : hasNricCheckLetter(v.nric) ? undefined : 'Please enter a valid NRIC/FIN.',
    dateOfBirth: v.dateOfBirth ? undefined : COMPULSORY,
    race: v.race ? undefined : COMPULSORY,
    nationality: v.nationality ? undefined : COMPULSORY,
    ...addressErrors(v),
  }),
};
/** The address parts as PATCH /staff-info and onboarding send them: '' is null, a foreign address by its lines. */
export const addressBody = (v: Values) => ({
  addressBlock: (v.addressBlock ?? '').trim() || null,
  addressStreet: (v.addressStreet ?? '').trim() || null,
  addressUnit: (v.addressUnit ?? '').trim() || null,
  addressPostalCode: (v.addressPostalCode ?? '').trim() || null,
  foreignAddress:
    (v.foreignAddress ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n') || null,
});
/** No address, as the form holds it. */
export const noAddressValues = {
  addressBlock: '',
  addressStreet: '',
  addressUnit: '',
  addressPostalCode: '',
  foreignAddress: '',
};

// Employment: designation, hire date, pass type and employment type compulsory; ours: a confirmed date
// before the hire date, and a resigned employee's last day of service.
export const employmentInfoSpec = {
  dates: ['hireDate', 'confirmedDate', 'lastDayOfService'],
  errors: (v: Values) => ({
    designation: filled(v.designation) ? undefined : COMPULSORY,
    hireDate: v.hireDate ? undefined : COMPULSORY,
    confirmedDate:
      v.confirmedDate && v.hireDate && v.confirmedDate < v.hireDate
        ? 'Confirmed date cannot be before the hire date.'
        : undefined,
    passType: v.passType ? undefined : COMPULSORY,
    employmentType: v.employmentType ? undefined : COMPULSORY,
    lastDayOfService:
      v.employmentStatus === 'RESIGNED' && !v.lastDayOfService
        ? 'Please enter the last day of service.'
        : undefined,
    // Issue 36's work pattern (the panel only): 1 to 6 days a week, 5.5 allowed; hours a day up to 12.
    daysPerWeek:
      v.daysPerWeek === undefined ||
      (Number(v.daysPerWeek) >= 1 &&
        Number(v.daysPerWeek) <= 6 &&
        Number.isInteger(Number(v.daysPerWeek) * 2))
        ? undefined
        : 'Days a week must be from 1 to 6, in half days.',
  }),
};

// Leave allowances (by leave type id): 'Please fill in for all leave types.' beside the first empty one;
// ours: from 0 to 366 days, in half-day steps. One message at a time.
export const leaveAllowanceSpec = {
  errors: (ids: readonly string[], v: Values): Record<string, string | undefined> => {
    const empty = ids.find((id) => !filled(v[id]));
    if (empty) return { [empty]: 'Please fill in for all leave types.' };
    for (const id of ids) {
      const days = Number(v[id]);
      if (days < 0 || days > 366) return { [id]: 'Leave allowance must be from 0 to 366 days.' };
      if (!Number.isInteger(days * 2)) return { [id]: 'Leave allowance must be in steps of 0.5 days.' };
    }
    return {};
  },
};

// Payment information: 'Salary must be more than 0.'; 'Please fill in the relevant CPF fields.'; the rates
// must be numbers from 0 to 100 (ours), unless there is no CPF.
const CPF_FIELDS = 'Please fill in the relevant CPF fields.';
export const paymentInfoSpec = {
  labels: {
    basicSalary: 'Basic Salary',
    cpfType: 'CPF Type',
    cpfSection: 'CPF Section',
    selfHelpGroup: 'Self-Help Group',
    employeeCpfContributionRate: 'Employee CPF Rate (%)',
    employerCpfContributionRate: 'Employer CPF Rate (%)',
    bankName: 'Bank Name',
    bankCode: 'Bank Code',
    branchCode: 'Branch Code',
    accountNo: 'Account No',
  },
  errors: (v: Values) => {
    const salary = Number((v.basicSalary ?? '').trim() || Number.NaN);
    const rate = (text = '') => {
      if (v.cpfType === 'NONE') return undefined;
      const value = Number(text.trim() || Number.NaN);
      if (!Number.isFinite(value)) return 'CPF rates must be numbers.';
      return value < 0 || value > 100 ? 'CPF rates must be between 0 and 100.' : undefined;
    };
    return {
      basicSalary: salary > 0 ? undefined : 'Salary must be more than 0.',
      cpfType: v.cpfType ? undefined : CPF_FIELDS,
      cpfSection: v.cpfSection ? undefined : CPF_FIELDS,
      selfHelpGroup: v.selfHelpGroup ? undefined : CPF_FIELDS,
      employeeCpfContributionRate: rate(v.employeeCpfContributionRate),
      employerCpfContributionRate: rate(v.employerCpfContributionRate),
    };
  },
};
