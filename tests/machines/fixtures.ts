import type { LoginResponse } from '../../src/domain/auth';
import type { CompanyPage } from '../../src/domain/company';
import type { FormWalkEvent } from '../models/form.model';

/** People, answers and refusals the model-based tests share. */
export const people = {
  admin: {
    id: 1,
    email: 'admin@company.test',
    fullName: 'Aisyah Binti Rahman',
    role: 'ADMIN',
    hireDate: null,
  },
  staff: {
    id: 2,
    email: 'tan.wei.ming@company.test',
    fullName: 'Tan Wei Ming',
    role: 'STAFF',
    hireDate: '2024-03-01',
  },
  newAdmin: {
    id: 4,
    email: 'ravi.menon@company.test',
    fullName: 'Ravi Menon',
    role: 'ADMIN',
    hireDate: null,
  },
  newStaff: {
    id: 3,
    email: 'priya.nair@company.test',
    fullName: 'Priya Nair',
    role: 'STAFF',
    hireDate: '2025-01-06',
  },
} as const satisfies Record<string, LoginResponse['user']>;

export const loginAnswers = {
  admin: { accessToken: 'token-admin', user: people.admin, isNewUser: false },
  staff: { accessToken: 'token-staff', user: people.staff, isNewUser: false },
  newStaff: { accessToken: 'token-new', user: people.newStaff, isNewUser: true },
  newAdmin: { accessToken: 'token-new-admin', user: people.newAdmin, isNewUser: true },
} satisfies Record<string, LoginResponse>;

export const errors = {
  badCredentials: { statusCode: 401, error: 'Unauthorized', message: 'Invalid email or password.' },
  mailDown: { statusCode: 503, error: 'Service Unavailable', message: 'The mail service is unavailable.' },
  wrongCurrent: { statusCode: 400, error: 'Bad Request', message: 'Current password is incorrect.' },
  refreshRefused: { statusCode: 401, error: 'Unauthorized', message: 'Refresh token expired.' },
  logoutFailed: { statusCode: 500, error: 'Internal Server Error', message: 'Could not revoke the session.' },
  resetRefused: {
    statusCode: 400,
    error: 'Bad Request',
    message: 'This reset link is invalid or has expired.',
  },
};

export const passwords = {
  current: 'Temp-Pass-1',
  fresh: 'Fresh-Pass-22',
  other: 'Other-Pass-33',
};

/** The token a password change answers with. */
export const CHANGED_TOKEN = 'token-after-change';

/** The fields and answers Set Password and Change Password share, as a spec walk's events (tests/models/password-change.rules.ts). */
export const passwordWalkEvents: FormWalkEvent[] = [
  { type: 'user.types', name: 'currentPassword', value: passwords.current },
  { type: 'user.types', name: 'currentPassword', value: '' },
  { type: 'user.types', name: 'newPassword', value: passwords.fresh },
  { type: 'user.types', name: 'newPassword', value: '' },
  { type: 'user.types', name: 'confirmPassword', value: passwords.fresh },
  { type: 'user.types', name: 'confirmPassword', value: passwords.other },
  { type: 'user.types', name: 'confirmPassword', value: '' },
  { type: 'user.leaves', name: 'currentPassword' },
  { type: 'user.leaves', name: 'confirmPassword' },
  { type: 'user.submits' },
  { type: 'server.accepts', answer: { accessToken: CHANGED_TOKEN } },
  { type: 'server.refuses', refusal: errors.wrongCurrent },
];

/** Set Password and Change Password alike: a differing confirmation, then emptied and submitted. */
export const passwordMismatchScenario: { name: string; events: FormWalkEvent[] } = {
  name: 'a differing confirmation disables submit; left empty, submit says they differ',
  events: [
    { type: 'user.types', name: 'currentPassword', value: passwords.current },
    { type: 'user.types', name: 'newPassword', value: passwords.fresh },
    { type: 'user.types', name: 'confirmPassword', value: passwords.other },
    { type: 'user.types', name: 'confirmPassword', value: '' },
    { type: 'user.submits' },
    { type: 'user.types', name: 'confirmPassword', value: passwords.fresh },
  ],
};

/** A company set up: particulars and its one salary account (the Company page's walks). */
export const setUpCompany: CompanyPage = {
  name: 'Acme Pte Ltd',
  uen: '53123456A',
  cpfSubmissionNumber: '53123456APTE01',
  address: '1 Raffles Place, #20-01, Singapore 048616',
  authorisedPersonName: 'Siti Rahmah',
  authorisedPersonDesignation: 'HR Manager',
  authorisedPersonPhone: '+65 6123 4567',
  authorisedPersonEmail: 'siti.rahmah@acme.example',
  protectEmailedPayslips: true,
  requirePayRunApproval: true,
  claimWindowDays: 90,
  bankName: 'UOB',
  bankAccountNo: '3019876543',
  bankAccountName: null,
  bankAccounts: [{ bankName: 'UOB', accountNo: '3019876543', accountName: null, organisationId: null }],
  mailDelivery: { mode: 'SMTP', host: 'smtp.acme.example' },
};
