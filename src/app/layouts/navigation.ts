import type { ComponentType } from 'react';
import {
  ApprovalIcon,
  BuildingIcon,
  CalendarDaysIcon,
  CalendarIcon,
  FlagIcon,
  HistoryIcon,
  HomeIcon,
  ProcessIcon,
  ReceiptIcon,
  RecordsIcon,
  SendIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../../ui/icons';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  href: string;
  icon: ComponentType;
  /** Home links are active only on their own path, the others on their sub-paths too. */
  exact?: boolean;
  /** Paths outside its own that belong to the link's screen (and to no other link). */
  alsoOn?: RegExp;
}

export interface NavGroupItem {
  kind: 'group';
  label: string;
  icon: ComponentType;
  links: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

/** Pay Items sits under /admin/users/{id} in the route table but is a step of Process Pay. */
const PAY_ITEMS = /^\/admin\/users\/[^/]+\/pay-items(\/|$)/;

/** Spec section 2, Navigation. */
export const adminNavigation: NavItem[] = [
  { kind: 'link', label: 'Home', href: '/admin', icon: HomeIcon, exact: true },
  { kind: 'link', label: 'Users', href: '/admin/users', icon: UsersIcon },
  // Issue 38 item 6: staff and opening balances from a spreadsheet.
  { kind: 'link', label: 'Import', href: '/admin/import', icon: RecordsIcon },
  { kind: 'link', label: 'Leave Balance', href: '/admin/leave-balance', icon: CalendarIcon },
  { kind: 'link', label: 'Leave Policies', href: '/admin/leave-policies', icon: RecordsIcon },
  { kind: 'link', label: 'Public Holidays', href: '/admin/public-holidays', icon: FlagIcon },
  { kind: 'link', label: 'Leave Calendar', href: '/admin/leave-calendar', icon: CalendarDaysIcon },
  {
    kind: 'group',
    label: 'Pay',
    icon: WalletIcon,
    links: [
      { kind: 'link', label: 'Process', href: '/admin/process-pay', icon: ProcessIcon, alsoOn: PAY_ITEMS },
      // Issue 36 item 5: the month's hours, which feed the payslips' overtime items.
      { kind: 'link', label: 'Timesheets', href: '/admin/timesheets', icon: CalendarIcon },
      { kind: 'link', label: 'Records', href: '/admin/pay-records', icon: RecordsIcon },
      { kind: 'link', label: 'Submissions', href: '/admin/pay-submissions', icon: SendIcon },
    ],
  },
  { kind: 'link', label: 'Company', href: '/admin/company', icon: BuildingIcon },
  // Issue 39: beyond the spec's items, as Company is.
  { kind: 'link', label: 'Audit', href: '/admin/audit', icon: HistoryIcon },
  { kind: 'link', label: 'Approvals', href: '/admin/approvals', icon: ApprovalIcon },
  // Issue 37: expense claims; their types are under Company (/admin/company/claim-types).
  { kind: 'link', label: 'Claims', href: '/admin/claims', icon: ReceiptIcon },
];

export const staffNavigation: NavItem[] = [
  { kind: 'link', label: 'Home', href: '/staff', icon: HomeIcon, exact: true },
  // My Timesheet (issue 36) and My Claims (issue 37) are reached from Pay and count as Pay.
  {
    kind: 'link',
    label: 'Pay',
    href: '/staff/payslips',
    icon: ReceiptIcon,
    alsoOn: /^\/staff\/(timesheet|claims)$/,
  },
  { kind: 'link', label: 'Profile', href: '/staff/profile', icon: UserIcon },
];

const claimedElsewhere = (path: string) => PAY_ITEMS.test(path);

export function isActiveLink(link: Pick<NavLinkItem, 'href' | 'exact' | 'alsoOn'>, path: string): boolean {
  if (link.alsoOn?.test(path)) return true;
  if (link.exact) return path === link.href;
  return path === link.href || (path.startsWith(`${link.href}/`) && !claimedElsewhere(path));
}
