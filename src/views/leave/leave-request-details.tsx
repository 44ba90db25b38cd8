import { Box, Button, CloseButton, Drawer, Image, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { leaveRequestDetailsMachine } from '../../../machines/leave-request-details.machine';
import { isPdfReference } from '../../domain/attachments';
import type { LeaveRequest } from '../../domain/leave';
import { formatDays } from '../../domain/leave-balance';
import {
  formatDayMonthYear,
  formatShortDate,
  halfDayMarker,
  leaveStatusLabel,
} from '../../domain/leave-display';
import { StatusBadge } from '../../ui/status-badge';

export type LeaveRequestDetailsActor = ActorRefFrom<typeof leaveRequestDetailsMachine>;

const withHalf = (date: string, isAm: boolean) => `${formatDayMonthYear(date)} ${halfDayMarker(isAm)}`;

/** Spec section 4: the creation date while pending, the last update once approved or rejected. */
function decisionLine(request: LeaveRequest) {
  if (request.status === 'PENDING')
    return { label: 'Requested On', date: formatShortDate(request.createdAt) };
  const label = request.status === 'APPROVED' ? 'Approved On' : 'Rejected On';
  return { label, date: formatShortDate(request.updatedAt) };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" m="0">
        {children}
      </Box>
    </Stack>
  );
}

/**
 * 'Leave Request Details', the staff side panel (spec section 2): read-only, with the attachment and, for a
 * pending request, Delete with its cannot-be-undone note.
 */
export function LeaveRequestDetailsPanel({ actor }: { actor: LeaveRequestDetailsActor }) {
  const request = useSelector(actor, (s) => s.context.request);
  const open = useSelector(actor, (s) => s.matches('open'));
  const deleting = useSelector(actor, (s) => s.matches({ open: { request: 'deleting' } }));
  const attachment = useSelector(actor, (s) => {
    if (s.matches({ open: { attachment: 'shown' } })) return 'shown';
    if (s.matches({ open: { attachment: 'loading' } })) return 'loading';
    if (s.matches({ open: { attachment: 'failed' } })) return 'failed';
    return 'none';
  });
  const url = useSelector(actor, (s) => s.context.attachmentUrl);

  return (
    <Drawer.Root
      open={open}
      size={{ base: 'full', sm: 'md' }}
      closeOnEscape={!deleting}
      closeOnInteractOutside={!deleting}
      onOpenChange={(details) => {
        if (!details.open) actor.send({ type: 'details.close' });
      }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Leave Request Details</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {request && (
                <Stack gap="5">
                  {request.status === 'PENDING' && (
                    <Text color="fg.muted" fontSize="sm">
                      This request is pending approval from the admin.
                    </Text>
                  )}
                  <Stack as="dl" gap="4">
                    <Row label="Status">
                      <StatusBadge status={request.status} label={leaveStatusLabel(request.status)} />
                    </Row>
                    <Row label="Type">{request.type}</Row>
                    <Row label={decisionLine(request).label}>{decisionLine(request).date}</Row>
                    <Row label="From Date">{withHalf(request.fromDate, request.fromDateIsAm)}</Row>
                    <Row label="To Date">{withHalf(request.toDate, request.toDateIsAm)}</Row>
                    <Row label="Duration">{formatDays(request.days)}</Row>
                    <Row label="Reason">
                      <Box
                        borderWidth="1px"
                        rounded="l2"
                        p="3"
                        minH="100px"
                        maxH="200px"
                        overflowY="auto"
                        whiteSpace="pre-wrap"
                        wordBreak="break-word"
                        data-part="reason"
                      >
                        {request.reason?.trim() ? request.reason : 'No reason stated.'}
                      </Box>
                    </Row>
                    <Row label="Attachment">
                      <Attachment state={attachment} url={url} reference={request.fileUrl} />
                    </Row>
                  </Stack>
                  {request.status === 'PENDING' && (
                    <Stack gap="2">
                      <Button
                        colorPalette="red"
                        loading={deleting}
                        loadingText="Processing..."
                        onClick={() => actor.send({ type: 'details.delete' })}
                      >
                        Delete
                      </Button>
                      <Text fontSize="sm" color="fg.muted">
                        Deleting a request cannot be undone.
                      </Text>
                    </Stack>
                  )}
                </Stack>
              )}
            </Drawer.Body>
            {!deleting && (
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Drawer.CloseTrigger>
            )}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function Attachment({
  state,
  url,
  reference,
}: {
  state: 'shown' | 'loading' | 'failed' | 'none';
  url: string | null;
  reference: string | null;
}) {
  if (state === 'none' || !reference) return <Text>No image uploaded.</Text>;
  if (state === 'loading') return <Text color="fg.muted">Loading the attachment...</Text>;
  if (state === 'failed' || !url) return <Text color="fg.error">The attachment could not be loaded.</Text>;
  if (isPdfReference(reference)) {
    return (
      <Stack gap="2">
        <Box
          as="iframe"
          {...{ src: url, title: 'Attachment (PDF)' }}
          w="full"
          h="300px"
          borderWidth="1px"
          rounded="l2"
        />
        <Link href={url} target="_blank" rel="noopener noreferrer" color="teal.fg">
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
      rounded="l2"
      borderWidth="1px"
    />
  );
}
