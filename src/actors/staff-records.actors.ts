import { fromCallback, fromPromise } from 'xstate';
import {
  type PanelParams,
  type PanelSubject,
  type PanelValues,
  panelRequest,
} from '../../machines/editable-panel.machine';
import type { ToastParams } from '../../machines/effects';
import type { FormMachine } from '../../machines/form';
import { onboardingBody, onboardingMachine } from '../../machines/onboarding.machine';
import {
  type OpeningBalancesData,
  type OpeningBalancesQuery,
  openingBalancesMachine,
} from '../../machines/opening-balances.machine';
import {
  employmentInfoPanelForm,
  leaveAllowancePanelForm,
  openingLeavePanelForm,
  openingYtdPanelForm,
  panelWith,
  paymentInfoPanelForm,
  profilePanelForm,
  staffInfoPanelForm,
} from '../../machines/record-panel-forms';
import { registerUserMachine } from '../../machines/register-user.machine';
import { type UserRecordData, userRecordMachine } from '../../machines/user-record.machine';
import type { authApi } from '../api/auth.api';
import type { LeaveApi } from '../api/leave.api';
import type { LeavePoliciesApi } from '../api/leave-policies.api';
import type { PayslipsApi } from '../api/payslips.api';
import type { StaffRecordsApi } from '../api/staff-records.api';
import type { usersApi } from '../api/users.api';
import { toApiError } from '../domain/api-error';
import type { ApiError } from '../domain/auth';
import { employmentInfoFormValues } from '../domain/employment-info';
import { wholeListPage } from '../domain/list-query';
import {
  type OpeningLeaveBody,
  type OpeningYtdBody,
  openingLeaveFormValues,
  openingYtdFormValues,
} from '../domain/opening-balances';
import { ownerOfPayslipsQuery, type StaffPayslipRow } from '../domain/pay-lists';
import { paymentInfoFormValues } from '../domain/payment-info';
import { staffInfoFormValues } from '../domain/staff-info';
import { profileFormValues, type UserDetail } from '../domain/users';
import { provideList } from './list.actors';
import { provideLoad } from './load.actors';
import { openPdfInNewTab } from './pdf';

export interface StaffRecordEffects {
  auth: Pick<typeof authApi, 'register'>;
  users: Pick<typeof usersApi, 'update'>;
  records: StaffRecordsApi;
  leave: Pick<LeaveApi, 'types' | 'balances' | 'setAllowance'>;
  /** Issue 17: the policies prefill onboarding's allowances; the entitlements prefill the allowance panel. */
  leavePolicies: Pick<LeavePoliciesApi, 'policies' | 'entitlements'>;
  /** Issue 34: user detail lists the user's processed payslips and opens one. */
  payslips: Pick<PayslipsApi, 'processedOf' | 'payslipPdf'>;
  notify: (toast: ToastParams) => void;
  navigate: (to: string) => void;
}

const effectsOf = ({ notify, navigate }: Pick<StaffRecordEffects, 'notify' | 'navigate'>) => ({
  notify: (_: unknown, toast: ToastParams) => notify(toast),
  navigate: (_: unknown, { to }: { to: string }) => navigate(to),
});

export function provideRegisterUser(effects: StaffRecordEffects) {
  return registerUserMachine.provide({
    actors: {
      submit: fromPromise(({ input }) => effects.auth.register(input)),
    },
    actions: {
      notify: (_, toast) => effects.notify(toast),
      navigate: (_, { to }) => effects.navigate(to),
    },
  });
}

/**
 * Leaving the wizard asks first: the browser's own warning on reload or close, and a click on any
 * in-app link is held back and becomes onboarding.leave (the wizard's question).
 */
export const guardLeaving = fromCallback(({ sendBack }) => {
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the warning only when returnValue is set.
    event.returnValue = '';
  };
  const holdLinks = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if (new URL(link.href, window.location.href).origin !== window.location.origin) return;
    event.preventDefault();
    event.stopPropagation();
    sendBack({ type: 'onboarding.leave' });
  };
  window.addEventListener('beforeunload', warn);
  document.addEventListener('click', holdLinks, true);
  return () => {
    window.removeEventListener('beforeunload', warn);
    document.removeEventListener('click', holdLinks, true);
  };
});

export function provideOnboarding(effects: StaffRecordEffects) {
  return onboardingMachine.provide({
    actors: {
      loadOnboarding: fromPromise(async ({ input }) => {
        if (input.userId === null) return { user: null, leaveTypes: [] };
        // The policies only prefill step 4: without them the admin types every allowance.
        const [user, leaveTypes, policies] = await Promise.all([
          effects.records.getUser(input.userId),
          effects.leave.types(),
          effects.leavePolicies.policies().catch(() => []),
        ]);
        return { user, leaveTypes, policies };
      }),
      onboard: fromPromise(({ input }) => effects.records.onboard(input.userId, onboardingBody(input.steps))),
      guardLeaving,
    },
    actions: effectsOf(effects),
  });
}

/** What an id that is not a number answers: no such user, as a 404 would. */
const NO_SUCH_USER: ApiError = { statusCode: 404, error: 'Not Found', message: 'No such user' };

export function provideUserRecord(effects: StaffRecordEffects) {
  return userRecordMachine.provide({
    actors: {
      record: provideLoad<UserRecordData, number | null>(async (userId) => {
        // An id that is not a number names no user: the same final answer as the server's 404.
        if (userId === null) throw NO_SUCH_USER;
        // The leave pieces are extras: without them the records still show (spec: such fetches answer empty).
        const [user, leaveTypes, allowances] = await Promise.all([
          effects.records.getUser(userId),
          effects.leave.types().catch(() => []),
          effects.leave.balances(userId).catch(() => []),
        ]);
        return { user, leaveTypes, allowances };
      }),
      deleteUser: fromPromise(({ input }) => effects.records.deleteUser(input.userId)),
      loadEntitlements: fromPromise(({ input }) => effects.leavePolicies.entitlements(input.userId)),
      // GET /users/{id}/payslips/processed/aggregates answers every processed payslip, newest first; cut into
      // pages here (decision 0011).
      payslips: provideList<StaffPayslipRow>({
        fetchRows: async (query) => {
          const { userId } = ownerOfPayslipsQuery(query);
          const all = (await effects.payslips.processedOf(userId)).map((row) => ({
            ...row,
            id: row.payslipId,
          }));
          return wholeListPage(all, query, {});
        },
        removeRow: () => Promise.reject(new Error('The Payslips section removes no row')),
      }),
      openPayslipPdf: fromPromise(({ input }) =>
        openPdfInNewTab(() => effects.payslips.payslipPdf(input.payslipId)),
      ),
      ...provideRecordPanels(effects),
      openingBalances: provideOpeningBalances(effects),
    },
    actions: effectsOf(effects),
  });
}

// ------------------------------------------------------------------ panels: stored records <-> input text

/** What a panel form's request saves: whose record, what is stored, and the schema's data. */
interface PanelRequest<TData> {
  subject: PanelSubject | null;
  stored: PanelValues;
  body: TData;
}

/** The user a record panel saves for (its subject). */
function userOf(subject: PanelSubject | null): UserDetail {
  if (!subject || !('user' in subject)) throw new Error('A record panel saves a user');
  return subject.user;
}

/**
 * The record panels of My profile and user detail, one per kind for the user record to spawn: each is the
 * panel flow given its kind's form, whose request saves the record for the user it shows and answers the
 * values as stored, which the panel then shows.
 */
export function provideRecordPanels(effects: StaffRecordEffects) {
  const actions = { notify: (_: unknown, toast: ToastParams) => effects.notify(toast) };
  /** A panel whose form's request saves what was typed (the schema's data) and answers the values as stored. */
  const saving = <TData>(
    form: FormMachine<PanelValues, TData, PanelValues, PanelParams>,
    save: (request: PanelRequest<TData>) => Promise<PanelValues>,
  ) =>
    panelWith(
      form.provide({
        actors: { submit: fromPromise(({ input }) => save(panelRequest(input) as PanelRequest<TData>)) },
        actions,
      }),
    );
  return {
    profilePanel: saving(profilePanelForm, async ({ subject, body }) =>
      profileFormValues(await effects.users.update(userOf(subject).id, body)),
    ),
    staffInfoPanel: saving(staffInfoPanelForm, async ({ subject, body }) =>
      staffInfoFormValues(await effects.records.updateStaffInfo(recordId(userOf(subject).staffInfo), body)),
    ),
    employmentInfoPanel: saving(employmentInfoPanelForm, async ({ subject, body }) =>
      employmentInfoFormValues(
        await effects.records.updateEmploymentInfo(recordId(userOf(subject).employmentInfo), body),
      ),
    ),
    paymentInfoPanel: saving(paymentInfoPanelForm, async ({ subject, body }) => ({
      ...paymentInfoFormValues(
        await effects.records.updatePaymentInfo(recordId(userOf(subject).paymentInfo), body),
      ),
    })),
    // One call per changed leave type (spec section 7). A retry after a failure sends again only what
    // differs from the stored values; a type saved before the failure is set to the same days again.
    leaveAllowancePanel: saving(leaveAllowancePanelForm, async ({ subject, stored, body }) => {
      const user = userOf(subject);
      for (const { leaveTypeId, totalDays } of body.leaveBalances) {
        if (String(totalDays) === stored[leaveTypeId]) continue;
        await effects.leave.setAllowance(user.id, leaveTypeId, totalDays);
      }
      return Object.fromEntries(
        body.leaveBalances.map(({ leaveTypeId, totalDays }) => [String(leaveTypeId), String(totalDays)]),
      );
    }),
  };
}

/** The employee and year an Opening balances panel saves for (its subject). */
function openingOf(subject: PanelSubject | null): { userId: number; year: number } {
  if (!subject || !('opening' in subject)) throw new Error('An opening panel saves an employee’s year');
  return subject.opening;
}

/** User detail's Opening balances (issue 38): the year's fetch, its two panels' saves, and Remove. */
export function provideOpeningBalances(effects: StaffRecordEffects) {
  const actions = { notify: (_: unknown, toast: ToastParams) => effects.notify(toast) };
  return openingBalancesMachine.provide({
    actors: {
      load: provideLoad<OpeningBalancesData, OpeningBalancesQuery>(async ({ userId, year }) => {
        const [ytd, leave] = await Promise.all([
          // A 404 says none is recorded for the year: the panel shows it empty, to be filled in.
          effects.records.getOpeningYtd(userId, year).catch((error: unknown) => {
            if (toApiError(error).statusCode === 404) return null;
            throw error;
          }),
          effects.records.getOpeningLeave(userId, year),
        ]);
        return { ytd, leave };
      }),
      ytdPanel: panelWith(
        openingYtdPanelForm.provide({
          actors: {
            submit: fromPromise(async ({ input }) => {
              const { subject, body } = panelRequest(input) as PanelRequest<Omit<OpeningYtdBody, 'year'>>;
              const { userId, year } = openingOf(subject);
              return openingYtdFormValues(await effects.records.putOpeningYtd(userId, { year, ...body }));
            }),
          },
          actions,
        }),
      ),
      leavePanel: panelWith(
        openingLeavePanelForm.provide({
          actors: {
            submit: fromPromise(async ({ input }) => {
              const request = panelRequest(input) as PanelRequest<OpeningLeaveBody['balances']>;
              const { userId, year } = openingOf(request.subject);
              const saved = await effects.records.putOpeningLeave(userId, { year, balances: request.body });
              // Every type the panel shows, as stored ('' where the days were removed).
              const types = request.body.map((row) => ({ id: row.leaveTypeId }));
              return openingLeaveFormValues(saved, types);
            }),
          },
          actions,
        }),
      ),
      removeOpening: fromPromise(({ input }) => effects.records.deleteOpeningYtd(input.userId, input.year)),
    },
    actions,
  });
}

function recordId(record: { id: number } | null): number {
  if (!record) throw new Error('This user has not been onboarded.');
  return record.id;
}
