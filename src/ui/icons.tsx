import type { IconProps } from '@chakra-ui/react';
import { LineIcon } from './line-icon';

export { AlertIcon, EyeIcon, EyeOffIcon } from './line-icon';

export const HomeIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M3 11 12 4l9 7" />
    <path d="M5 10v10h14V10" />
    <path d="M10 20v-6h4v6" />
  </LineIcon>
);
export const UsersIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8" />
    <path d="M18 14.3c2 .7 3.3 2.9 3.3 5.7" />
  </LineIcon>
);
export const CalendarIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
    <path d="M8 14h2M14 14h2M8 17.5h2" />
  </LineIcon>
);
/** The team calendar: a month page with a person on it. */
export const CalendarDaysIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
    <circle cx="12" cy="14" r="1.8" />
    <path d="M8.5 19c.4-1.7 1.8-2.8 3.5-2.8s3.1 1.1 3.5 2.8" />
  </LineIcon>
);
export const WalletIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="2.5" y="6" width="19" height="13" rx="2" />
    <circle cx="12" cy="12.5" r="2.5" />
    <path d="M6 9.5v6M18 9.5v6" />
  </LineIcon>
);
export const ProcessIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.5 2.5L16 9.5" />
  </LineIcon>
);
export const RecordsIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </LineIcon>
);
export const SendIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M21 3 3 10.5l7 3 3 7.5z" />
    <path d="m10 13.5 4.5-4.5" />
  </LineIcon>
);
export const BuildingIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 21V4h10v17M14 9h6v12M2.5 21h19" />
    <path d="M7.5 8h3M7.5 12h3M7.5 16h3M17 13h0M17 17h0" />
  </LineIcon>
);
export const ReceiptIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </LineIcon>
);
export const UserIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
  </LineIcon>
);
export const SidebarIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </LineIcon>
);
export const ChevronDownIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="m6 9 6 6 6-6" />
  </LineIcon>
);
export const KeyIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M17 6l3 3M14.5 8.5l2 2" />
  </LineIcon>
);
export const LogoutIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
    <path d="m9 8-4 4 4 4M5 12h10" />
  </LineIcon>
);
export const SortIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="m8 9 4-4 4 4M8 15l4 4 4-4" />
  </LineIcon>
);
export const SortAscendingIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </LineIcon>
);
export const SortDescendingIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </LineIcon>
);
export const MoreIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="5" cy="12" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
  </LineIcon>
);
export const SearchIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </LineIcon>
);
export const PlusIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 5v14M5 12h14" />
  </LineIcon>
);
export const PencilIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="m13.5 6.5 4 4" />
  </LineIcon>
);
export const ArrowLeftIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M19 12H5" />
    <path d="m11 6-6 6 6 6" />
  </LineIcon>
);
export const CloseIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </LineIcon>
);
/** The audit trail: a clock turning back. */
export const HistoryIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5" />
    <path d="M12 7v5l3 2" />
  </LineIcon>
);
/** Public holidays: a flag. */
export const FlagIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </LineIcon>
);
/** Approvals: a check in a circle. */
export const ApprovalIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </LineIcon>
);
