/** GET /leave-policies for the walks of issue 17: the defaults a new company starts from (written by hand). */
export const annualLeave = {
  leaveTypeId: 1,
  leaveType: { id: 1, name: 'Annual Leave' },
  statute: 'ANNUAL' as const,
  entitlement: 'SERVICE' as const,
  days: null,
  schedule: [7, 8, 9, 10, 11, 12, 13, 14],
  prorate: true,
  carryForwardMaxDays: 14,
  carryForwardExpiryMonths: 12,
};

export const policies = [
  annualLeave,
  {
    leaveTypeId: 2,
    leaveType: { id: 2, name: 'Medical Leave' },
    statute: 'SICK' as const,
    entitlement: 'STATUTORY_SICK' as const,
    days: null,
    schedule: null,
    prorate: false,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  },
  {
    leaveTypeId: 4,
    leaveType: { id: 4, name: 'Childcare Leave' },
    statute: 'CHILDCARE' as const,
    entitlement: 'FIXED' as const,
    days: 6,
    schedule: null,
    prorate: true,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  },
  {
    leaveTypeId: 8,
    leaveType: { id: 8, name: 'Unpaid Leave' },
    statute: null,
    entitlement: 'NONE' as const,
    days: null,
    schedule: null,
    prorate: false,
    carryForwardMaxDays: 0,
    carryForwardExpiryMonths: null,
  },
];
