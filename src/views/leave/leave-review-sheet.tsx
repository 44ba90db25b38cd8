import {
  Box,
  Button,
  CloseButton,
  DataList,
  Drawer,
  HStack,
  Image,
  Link,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { leaveReviewMachine } from '../../../machines/leave-review.machine';
import type { LeaveClash, LeaveRequest } from '../../domain/leave';
import {
  capitalised,
  daysLabel,
  formatShortDate,
  halfDayMarker,
  leaveStatusLabel,
} from '../../domain/leave-display';
import { StatusBadge } from '../../ui/status-badge';

export type LeaveReviewRef = ActorRefFrom<typeof leaveReviewMachine>;

/** Spec section 2: a file reference ending in pdf shows in an embedded frame, anything else as an image. */
export const isPdfReference = (fileUrl: string) => /pdf$/i.test(fileUrl);

const dateWithMarker = (date: string, isAm: boolean) => `${formatShortDate(date)} ${halfDayMarker(isAm)}`;

function Attachment({ actor, request }: { actor: LeaveReviewRef; request: LeaveRequest }) {
  const url = useSelector(actor, (s) => s.context.details?.attachmentUrl ?? null);
  const loading = useSelector(actor, (s) => s.matches({ open: 'loading' }));
  if (!request.fileUrl) return <Text color="fg.muted">No image uploaded.</Text>;
  if (loading) return <Skeleton height="48" data-testid="attachment-loading" />;
  if (!url) return <Text color="fg.muted">The attachment could not be shown.</Text>;
  return isPdfReference(request.fileUrl) ? (
    <Stack gap="1">
      <Box asChild width="full" height="300px" borderWidth="1px" rounded="md">
        <iframe title="Attachment" src={url} />
      </Box>
      <Link href={url} target="_blank" rel="noreferrer" fontSize="sm" colorPalette="teal" variant="underline">
        Open the attachment in a new tab
      </Link>
    </Stack>
  ) : (
    <Image src={url} alt="Attachment" maxH="300px" objectFit="contain" rounded="md" borderWidth="1px" />
  );
}

function ClashList({ clashes }: { clashes: LeaveClash[] }) {
  if (clashes.length === 0) return <Text color="fg.muted">No one else is away on these days.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Others away on these days">
      {clashes.map((clash) => (
        <Box as="li" key={clash.id} borderWidth="1px" rounded="md" px="3" py="2">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontWeight="medium">{clash.user.fullName}</Text>
            <StatusBadge status={clash.status} label={leaveStatusLabel(clash.status)} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {clash.type}: {dateWithMarker(clash.fromDate, clash.fromDateIsAm)} to{' '}
            {dateWithMarker(clash.toDate, clash.toDateIsAm)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function Clashes({ actor }: { actor: LeaveReviewRef }) {
  const clashes = useSelector(actor, (s) => s.context.details?.clashes ?? null);
  const error = useSelector(actor, (s) =>
    s.matches({ open: 'detailsFailed' }) ? s.context.detailsError : null,
  );
  if (error)
    return (
      <Stack gap="2" align="flex-start">
        <Text role="alert" color="fg.error">
          {error.message}
        </Text>
        <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'review.retry' })}>
          Try again
        </Button>
      </Stack>
    );
  if (!clashes) return <Skeleton height="12" data-testid="clashes-loading" />;
  return <ClashList clashes={clashes} />;
}

function Details({ actor, request }: { actor: LeaveReviewRef; request: LeaveRequest }) {
  const pending = request.status === 'PENDING';
  const items: Array<[string, ReactNode]> = [
    ['Employee', request.user.fullName],
    ['Status', <StatusBadge key="status" status={request.status} label={leaveStatusLabel(request.status)} />],
    ['Type', capitalised(request.type)],
    [
      pending ? 'Requested On' : `${leaveStatusLabel(request.status)} On`,
      formatShortDate(pending ? request.createdAt : request.updatedAt),
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
      <Stack gap="1">
        <Text fontWeight="medium" fontSize="sm">
          Reason
        </Text>
        <Box
          borderWidth="1px"
          rounded="md"
          p="3"
          minH="100px"
          maxH="200px"
          overflowY="auto"
          whiteSpace="pre-wrap"
        >
          {request.reason?.trim() ? request.reason : <Text color="fg.muted">No reason stated.</Text>}
        </Box>
      </Stack>
      <Stack gap="1">
        <Text fontWeight="medium" fontSize="sm">
          Attachment
        </Text>
        <Attachment actor={actor} request={request} />
      </Stack>
      <Stack gap="1">
        <Text fontWeight="medium" fontSize="sm">
          Others away on these days
        </Text>
        <Clashes actor={actor} />
      </Stack>
    </Stack>
  );
}

/** Leave Request Details (spec section 2, admin side sheet), drawn from the leave-review statechart. */
export function LeaveReviewSheet({ actor }: { actor: LeaveReviewRef }) {
  const request = useSelector(actor, (s) => (s.matches('closed') ? null : s.context.request));
  const deciding = useSelector(actor, (s) => s.matches({ open: 'deciding' }));
  const decision = useSelector(actor, (s) => s.context.decision);
  const canDecide = useSelector(
    actor,
    (s) => s.matches({ open: 'ready' }) || s.matches({ open: 'deciding' }),
  );
  const pending = request?.status === 'PENDING';

  return (
    <Drawer.Root
      open={request !== null}
      placement="end"
      size="md"
      closeOnEscape={!deciding}
      closeOnInteractOutside={!deciding}
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'review.close' });
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Leave Request Details</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{request && <Details actor={actor} request={request} />}</Drawer.Body>
            {pending && (
              <Drawer.Footer flexDirection="column" alignItems="stretch" gap="3" borderTopWidth="1px">
                <Text fontSize="sm" color="fg.muted">
                  Approving or rejecting this request cannot be undone.
                </Text>
                <HStack justify="flex-end" gap="3">
                  <Button
                    variant="outline"
                    colorPalette="red"
                    disabled={!canDecide || deciding}
                    loading={deciding && decision === 'reject'}
                    loadingText="Processing..."
                    onClick={() => actor.send({ type: 'leaveRequest.reject' })}
                  >
                    Reject
                  </Button>
                  <Button
                    colorPalette="green"
                    disabled={!canDecide || deciding}
                    loading={deciding && decision === 'approve'}
                    loadingText="Processing..."
                    onClick={() => actor.send({ type: 'leaveRequest.approve' })}
                  >
                    Approve
                  </Button>
                </HStack>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild disabled={deciding}>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
