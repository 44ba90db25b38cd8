import type { SessionUser } from '../../src/domain/auth';

/** Signed-in users the view tests restore from session storage. */
export const admin: SessionUser = {
  id: 1,
  email: 'admin@company.test',
  fullName: 'Aisyah Binti Rahman',
  role: 'ADMIN',
  hireDate: null,
};

export const staff: SessionUser = {
  id: 2,
  email: 'weiming.tan@company.test',
  fullName: 'Tan Wei Ming',
  role: 'STAFF',
  hireDate: '2024-03-01',
};
