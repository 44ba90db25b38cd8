import { Box, DataList, Image, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { isPdfReference } from '../../domain/attachments';
import { formatDayMonthYear, formatTimestampDay } from '../../domain/dates';
import type { LeaveRequest } from '../../domain/leave';
import { capitalised, daysLabel, halfDayMarker, leaveStatusLabel } from '../../domain/leave-display';
import { leaveStatusHasTag } from '../../domain/lifecycles/leave-request.lifecycle';
import { StatusBadge } from '../../ui/status-badge';

/** Where a request's attachment is: none sent, its viewing link on the way, shown, or not fetchable. */
export type AttachmentState = 'none' | 'loading' | 'shown' | 'failed';

export const dateWithMarker = (date: string, isAm: boolean) =>
  `${formatDayMonthYear(date)} ${halfDayMarker(isAm)}`;

/** Spec section 2: a reference ending in pdf shows in a frame with an open-in-new-tab link, anything else as an image. */
function Attachment({
  reference,
  url,
  state,
  failure,
}: {
  reference: string | null;
  url: string | null;
  state: AttachmentState;
  failure?: ReactNode;
}) {
  if (!reference || state === 'none') return <Text color="fg.muted">No image uploaded.</Text>;
  if (state === 'loading') return <Skeleton height="48" data-testid="attachment-loading" />;
  if (state === 'failed' || !url)
    return failure ?? <Text color="fg.error">The attachment could not be shown.</Text>;
  if (isPdfReference(reference)) {
    return (
      <Stack gap="1">
        <Box asChild width="full" height="300px" borderWidth="1px" rounded="md">
          <iframe title="Attachment (PDF)" src={url} />
        </Box>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          fontSize="sm"
          color="teal.fg"
          variant="underline"
        >
          Open the PDF in a new tab
        </Link>
      </Stack>
    );
  }
  return (
    <Image
      src={url}
      alt="Supporting document"
      maxH="300px"
      objectFit="contain"
      rounded="md"
      borderWidth="1px"
    />
  );
}

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text fontWeight="medium" fontSize="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * What the admin sheet and the staff panel both show of a request (spec section 2): status, type, the
 * request or decision date, the half days, the duration, the reason and the attachment.
 */
export function LeaveRequestFacts({
  request,
  employee,
  attachment,
  afterDuration,
}: {
  request: LeaveRequest;
  /** The requester's name, for the admin's sheet. */
  employee?: string;
  /** Shown right under the duration, before the reason (the admin's sheet: the employee's balance). */
  afterDuration?: ReactNode;
  /** `failure`: what shows when the link could not be fetched (a load's failure view), else a line saying so. */
  attachment: { url: string | null; state: AttachmentState; failure?: ReactNode };
}) {
  const pending = leaveStatusHasTag(request.status, 'awaitsDecision');
  const items: Array<[string, ReactNode]> = [
    ...(employee ? [['Employee', employee] as [string, ReactNode]] : []),
    ['Status', <StatusBadge key="status" status={request.status} label={leaveStatusLabel(request.status)} />],
    ['Type', capitalised(request.type)],
    [
      pending ? 'Requested On' : `${leaveStatusLabel(request.status)} On`,
      formatTimestampDay(pending ? request.createdAt : request.updatedAt),
    ],
    ['From Date', dateWithMarker(request.fromDate, request.fromDateIsAm)],
    ['To Date', dateWithMarker(request.toDate, request.toDateIsAm)],
    ['Duration', daysLabel(request.days)],
  ];
  return (
    <Stack gap="5">
      <DataList.Root orientation="horizontal" size="sm" gap="3">
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="7rem">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {afterDuration}
      <DetailSection title="Reason">
        <Box
          borderWidth="1px"
          rounded="md"
          p="3"
          minH="100px"
          maxH="200px"
          overflowY="auto"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
          data-part="reason"
        >
          {request.reason?.trim() ? request.reason : <Text color="fg.muted">No reason stated.</Text>}
        </Box>
      </DetailSection>
      <DetailSection title="Attachment">
        <Attachment
          reference={request.fileUrl}
          url={attachment.url}
          state={attachment.state}
          failure={attachment.failure}
        />
      </DetailSection>
    </Stack>
  );
}
