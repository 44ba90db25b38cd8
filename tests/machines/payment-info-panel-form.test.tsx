import { paymentInfoPanelForm } from '../../machines/record-panel-forms';
import { describePanelWalk, openRecordScreen } from './panel-walk';
import { paymentInfoSpec } from './spec-forms';
import { onboardedStaff } from './staff-fixtures';

/**
 * The Payment Information panel walked from the spec's panel model (tests/models/panel.model.ts) through the
 * Payment tab of user detail. Messages from spec section 5; the request from section 7 (numbers for the
 * salary and rates, a CPF section of NONE not sent); toasts from section 8; the CPF rates from the shared CPF
 * facts.
 */

const info = onboardedStaff.paymentInfo as NonNullable<typeof onboardedStaff.paymentInfo>;
/** The stored record as the inputs show it (spec section 9: money with two decimals). */
const stored = {
  basicSalary: '3800.00',
  employeeCpfContributionRate: '20',
  employerCpfContributionRate: '17',
  cpfType: 'SINGAPORE CITIZEN',
  cpfSection: 'NONE',
  selfHelpGroup: 'MBMF',
  bankName: 'POSB',
  bankCode: '7171',
  branchCode: '081',
  accountNo: '1987654321',
};

/**
 * The official rates for the CPF types the walk chooses, for this employee (born 2000, 26 in 2026): a citizen,
 * and a permanent resident from the third year, pay 20% and the employer 17% up to 55.
 */
const OFFICIAL: Record<string, [string, string]> = {
  'SINGAPORE CITIZEN': ['20', '17'],
  'PR 3 YEAR AND ABOVE': ['20', '17'],
};

describePanelWalk({
  title: 'Payment Information on the Payment tab of user detail, walked from its spec model',
  spec: {
    title: 'Payment Information',
    stored,
    labels: paymentInfoSpec.labels,
    errors: paymentInfoSpec.errors,
    rows: (s) => [
      ['Basic Salary', `$${Number(s.basicSalary).toLocaleString('en-SG', { minimumFractionDigits: 2 })}`],
      // No CPF is said in words beside the spec's NONE (issue 34).
      ['CPF Type', s.cpfType === 'NONE' ? 'NONE (no CPF)' : (s.cpfType as string)],
      ['Employee CPF Rate (%)', s.employeeCpfContributionRate as string],
      ['Employer CPF Rate (%)', s.employerCpfContributionRate as string],
      ['Self-Help Group', s.selfHelpGroup as string],
      ['Bank Name', s.bankName as string],
      ['Account No', s.accountNo as string],
    ],
    requests: (_stored, v) => [
      {
        method: 'PATCH',
        path: `/api/payment-info/${info.id}`,
        body: {
          id: info.id,
          basicSalary: Number(v.basicSalary),
          employeeCpfContributionRate: Number(v.employeeCpfContributionRate),
          employerCpfContributionRate: Number(v.employerCpfContributionRate),
          cpfType: v.cpfType,
          selfHelpGroup: v.selfHelpGroup,
          bankName: v.bankName,
          bankCode: v.bankCode,
          branchCode: v.branchCode,
          accountNo: v.accountNo,
        },
      },
    ],
    toasts: { saved: ['Payment Info Updated'], failed: ['Server error', 'Internal Server Error'] },
    refusalMessage: 'Server error',
    // A new CPF type brings its official rates back, over rates the admin typed.
    follows: (values, changed): Record<string, string> => {
      if (changed !== 'cpfType') return {};
      const rates = OFFICIAL[values.cpfType as string];
      if (!rates) throw new Error(`No official rates written here for ${values.cpfType}`);
      return { employeeCpfContributionRate: rates[0], employerCpfContributionRate: rates[1] };
    },
  },
  open: (inspect) => openRecordScreen(inspect, { tab: 'Payment' }),
  changes: [
    { name: 'basicSalary', value: '4200.50' },
    { name: 'basicSalary', value: '' },
    { name: 'basicSalary', value: '0' },
  ],
  answer: (_request, v) => ({
    ...info,
    ...v,
    basicSalary: Number(v.basicSalary),
    employeeCpfContributionRate: Number(v.employeeCpfContributionRate),
    employerCpfContributionRate: Number(v.employerCpfContributionRate),
  }),
  refusal: { statusCode: 500, error: 'Internal Server Error', message: 'Server error' },
  app: { machine: paymentInfoPanelForm, notOnThisScreen: ['form.given', 'field.refuse'] },
  scenarios: [
    {
      name: 'rates typed by the admin, then a new CPF type: its official rates come back and are saved',
      events: [
        { type: 'user.edits' },
        { type: 'user.types', name: 'employeeCpfContributionRate', value: '19' },
        { type: 'user.types', name: 'cpfType', value: 'PR 3 YEAR AND ABOVE' },
        { type: 'user.saves' },
        { type: 'server.saves' },
      ],
    },
  ],
});
