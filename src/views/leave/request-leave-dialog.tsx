import { Button, Flex, Grid, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useDropzone } from 'react-dropzone';
import type { ActorRefFrom } from 'xstate';
import type { requestLeaveMachine } from '../../../machines/request-leave.machine';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES } from '../../domain/attachments';
import type { LeaveType } from '../../domain/leave';
import {
  attachmentRejection,
  canSubmitLeaveRequest,
  type RequestLeaveFormValues,
  SMALLEST_ATTACHMENT_BYTES,
} from '../../domain/leave-form';
import { AmPmSelect } from '../../ui/am-pm-select';
import { FormDateField } from '../../ui/date-field';
import { FormDialog } from '../../ui/form-dialog';
import { FormError, LabelledField } from '../../ui/form-field';
import { PlusIcon } from '../../ui/icons';
import { type FormActorRef, useForm } from '../../ui/use-form';
import { type FormDialogRef, useFormDialog } from '../../ui/use-form-dialog';
import { LeaveTypeBalance } from './request-leave-balance';

/** The dates the API takes for leave (balances are kept for 2000 to 2100). */
const EARLIEST_LEAVE_DATE = '2000-01-01';
const LATEST_LEAVE_DATE = '2100-12-31';

export interface RequestLeaveDialogProps {
  /** The dialog's statechart, spawned by the screen's parent machine (a fresh one after each request). */
  dialog: FormDialogRef;
  leaveTypes: LeaveType[];
  /** The button that opens the dialog. */
  triggerLabel?: string;
}

/** The flow the dialog holds around its form (machines/request-leave.machine.ts). */
type RequestLeaveRef = ActorRefFrom<typeof requestLeaveMachine>;

/** The Request for Leave dialog with its opening button (spec section 2). */
export function RequestLeaveDialog({
  dialog,
  leaveTypes,
  triggerLabel = 'Request Leave',
}: RequestLeaveDialogProps) {
  const { open, form: held, busy, show, close } = useFormDialog<RequestLeaveFormValues>(dialog);
  // This dialog holds the Request for Leave flow, which holds the form.
  const flow = held as unknown as RequestLeaveRef | null;

  return (
    <>
      <Button colorPalette="teal" size="sm" onClick={show}>
        <PlusIcon />
        {triggerLabel}
      </Button>
      <FormDialog
        open={open}
        title="Request for Leave"
        description="Fill in the details of your leave. If your leave balance is insufficient, please request Unpaid Leave instead."
        busy={busy}
        onClose={close}
        dismissOnOutsideClick={false}
      >
        {flow && <RequestLeaveFlow key={flow.sessionId} flow={flow} leaveTypes={leaveTypes} />}
      </FormDialog>
    </>
  );
}

function RequestLeaveFlow({ flow, leaveTypes }: { flow: RequestLeaveRef; leaveTypes: LeaveType[] }) {
  const form = useSelector(flow, (s) => s.context.form) as FormActorRef<RequestLeaveFormValues>;
  return <RequestLeaveForm actor={form} flow={flow} leaveTypes={leaveTypes} />;
}

function RequestLeaveForm({
  actor,
  flow,
  leaveTypes,
}: {
  actor: FormActorRef<RequestLeaveFormValues>;
  flow: RequestLeaveRef;
  leaveTypes: LeaveType[];
}) {
  const form = useForm(actor, canSubmitLeaveRequest);
  const ids = useId();
  const field = form.field;

  return (
    <form aria-label="Request for Leave" noValidate onSubmit={form.onSubmit}>
      <Stack gap="4">
        <Stack gap="4" maxH="400px" overflowY="auto" px="1" pb="1" data-part="form-fields">
          <LabelledField
            label="Leave Type"
            error={form.errors.leaveType}
            disabled={form.submitting}
            helper={form.values.leaveType && <LeaveTypeBalance flow={flow} />}
          >
            <NativeSelect.Root>
              <NativeSelect.Field
                name="leaveType"
                value={form.values.leaveType}
                onChange={(event) => field('leaveType').onChange(event.target.value)}
                onBlur={field('leaveType').onBlur}
              >
                <option value="" disabled>
                  {leaveTypes.length ? 'Select a leave type' : 'No leave types available'}
                </option>
                {leaveTypes.map((type) => (
                  <option key={type.id} value={type.name}>
                    {type.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </LabelledField>
          <DateAndHalf
            form={form}
            date="fromDate"
            half="fromTime"
            dateLabel="Start Date"
            halfLabel="Start Time"
            halfId={`${ids}-from-time`}
          />
          <DateAndHalf
            form={form}
            date="toDate"
            half="toTime"
            dateLabel="End Date"
            halfLabel="End Time"
            halfId={`${ids}-to-time`}
          />
          <LabelledField label="Days" error={form.errors.days} disabled={form.submitting}>
            <Input name="days" value={form.values.days} readOnly variant="subtle" />
          </LabelledField>
          <LabelledField label="Reason" error={form.errors.reason} disabled={form.submitting}>
            <Textarea
              name="reason"
              rows={3}
              maxLength={2000}
              value={form.values.reason}
              onChange={(event) => field('reason').onChange(event.target.value)}
              onBlur={field('reason').onBlur}
            />
          </LabelledField>
          <AttachmentField
            flow={flow}
            fileName={form.values.file}
            error={form.errors.file}
            busy={form.submitting}
          />
        </Stack>
        <FormError message={form.submitError} />
        <Button
          type="submit"
          colorPalette="teal"
          disabled={!form.canSubmit}
          loading={form.submitting}
          loadingText="Processing..."
        >
          Create Request
        </Button>
      </Stack>
    </form>
  );
}

function DateAndHalf({
  form,
  date,
  half,
  dateLabel,
  halfLabel,
  halfId,
}: {
  form: ReturnType<typeof useForm<RequestLeaveFormValues>>;
  date: 'fromDate' | 'toDate';
  half: 'fromTime' | 'toTime';
  dateLabel: string;
  halfLabel: string;
  halfId: string;
}) {
  return (
    <Grid templateColumns="minmax(0, 1fr) 6.5rem" gap="3" alignItems="start">
      <FormDateField
        label={dateLabel}
        field={form.field(date)}
        min={EARLIEST_LEAVE_DATE}
        max={LATEST_LEAVE_DATE}
      />
      <LabelledField label={halfLabel} htmlFor={halfId} disabled={form.submitting}>
        <AmPmSelect
          id={halfId}
          name={half}
          value={form.values[half]}
          disabled={form.submitting}
          onChange={(value) => form.field(half).onChange(value)}
        />
      </LabelledField>
    </Grid>
  );
}

/** One image or PDF, chosen with the flow; the drop zone's refusals show the spec's messages under it. */
function AttachmentField({
  flow,
  fileName,
  error,
  busy,
}: {
  flow: RequestLeaveRef;
  fileName: string;
  error: string | undefined;
  busy: boolean;
}) {
  const ids = useId();
  const labelId = `${ids}-label`;
  const helpId = `${ids}-help`;
  const errorId = `${ids}-error`;
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ATTACHMENT_ACCEPT,
    multiple: false,
    maxFiles: 1,
    maxSize: ATTACHMENT_MAX_BYTES,
    minSize: SMALLEST_ATTACHMENT_BYTES,
    disabled: busy,
    // The button chooses a file; the area takes a dropped one (no second, nested control).
    noClick: true,
    noKeyboard: true,
    onDropAccepted: ([file]) => {
      if (file) flow.send({ type: 'file.select', file });
    },
    onDropRejected: ([rejection]) => {
      const code = rejection?.errors[0]?.code ?? 'too-many-files';
      flow.send({ type: 'file.reject', message: attachmentRejection(String(code)) });
    },
  });
  const chosen = fileName !== '';
  return (
    <Stack gap="1.5">
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        {chosen ? 'Selected Image' : 'Upload Image'}
      </Text>
      <Flex
        {...getRootProps()}
        align="center"
        gap="3"
        wrap="wrap"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor={error ? 'border.error' : isDragActive ? 'teal.solid' : 'border'}
        rounded="l2"
        px="4"
        py="3"
        bg={isDragActive ? 'teal.subtle' : undefined}
      >
        <input {...getInputProps({ name: 'file' })} />
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={open}
          aria-labelledby={`${labelId} ${ids}-choose`}
          aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        >
          <span id={`${ids}-choose`}>{chosen ? 'Choose another file' : 'Choose a file'}</span>
        </Button>
        <Text fontSize="sm" wordBreak="break-all" color={chosen ? undefined : 'fg.muted'}>
          {chosen ? fileName : 'or drop it here'}
        </Text>
      </Flex>
      <Text id={helpId} fontSize="xs" color="fg.muted">
        Please upload a relevant supporting document (an image or a PDF, up to 10 MB).
      </Text>
      {error && (
        <Text id={errorId} fontSize="xs" color="fg.error" data-part="file-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
