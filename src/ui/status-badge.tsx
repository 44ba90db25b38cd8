import { Badge } from '@chakra-ui/react';

/** Spec section 2, Reusable pieces: one colour per status wherever it shows. */
const STATUS_COLOURS: Readonly<Record<string, string>> = {
  UNPROCESSED: 'gray',
  ITEMS_ADDED: 'yellow',
  PROCESSED: 'blue',
  PENDING: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
  WITHDRAWAL_REQUESTED: 'yellow',
  WITHDRAWN: 'gray',
  ACTIVE: 'indigo',
  RESIGNED: 'purple',
  // A month's pay run (issue 39); APPROVED is green as above.
  OPEN: 'gray',
  SUBMITTED: 'orange',
  // A claim reimbursed with the month's pay (issue 37).
  PAID: 'teal',
};

/** A status (or null, such as no employment status yet) under its display label. */
export function StatusBadge({ status, label }: { status: string | null; label: string }) {
  return (
    <Badge colorPalette={(status && STATUS_COLOURS[status]) || 'gray'} variant="subtle">
      {label}
    </Badge>
  );
}
