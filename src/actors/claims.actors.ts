import { fromPromise } from 'xstate';
import { adminClaimsMachine } from '../../machines/admin-claims.machine';
import { type ClaimReviewDetails, claimReviewMachine } from '../../machines/claim-review.machine';
import {
  claimTypeDialogMachine,
  claimTypeFormMachine,
  claimTypesMachine,
} from '../../machines/claim-types.machine';
import type { ToastParams } from '../../machines/effects';
import {
  type ClaimTotalsData,
  type ClaimTotalsQuery,
  myClaimsMachine,
} from '../../machines/my-claims.machine';
import { claimFormMachine, newClaimDialogMachine, newClaimMachine } from '../../machines/new-claim.machine';
import type { ClaimsApi } from '../api/claims.api';
import type { LeaveApi } from '../api/leave.api';
import { claimsPendingFirst, claimTypeBodyOf } from '../domain/claim-screens';
import type { Claim, ClaimType } from '../domain/claims';
import { wholeListPage } from '../domain/list-query';
import { saveFile } from './download';
import { provideList } from './list.actors';
import { provideLoad } from './load.actors';

export interface ClaimsEffects {
  claims: ClaimsApi;
  /** Receipts go up and are viewed as leave attachments are (upload grants, signed links). */
  uploads: Pick<LeaveApi, 'uploadGrant' | 'upload' | 'viewUrl'>;
  notify: (toast: ToastParams) => void;
}

/** My Claims (issue 37 item 4) with its live effects. */
export function provideMyClaims({ claims, uploads, notify }: ClaimsEffects) {
  // A receipt that went up is not sent again when the claim is retried.
  const uploaded = new WeakMap<File, string>();
  const uploadOnce = async (file: File) => {
    const done = uploaded.get(file);
    if (done) return done;
    const grant = await uploads.uploadGrant(file.name, file.type);
    await uploads.upload(grant, file);
    uploaded.set(file, grant.uploadKey);
    return grant.uploadKey;
  };
  const form = claimFormMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        const uploadKey = input.receipt ? await uploadOnce(input.receipt) : undefined;
        return claims.create({
          claimTypeId: input.claimTypeId,
          date: input.date,
          amount: input.amount,
          description: input.description.trim(),
          ...(uploadKey ? { uploadKey } : {}),
        });
      }),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
  const flow = newClaimMachine.provide({ actors: { form } });
  return myClaimsMachine.provide({
    actions: { notify: (_, toast) => notify(toast) },
    actors: {
      claims: provideList<Claim>({
        fetchRows: async (query) => {
          const page = await claims.list({ page: query.page, limit: query.pageSize });
          return { rows: page.data, total: page.total };
        },
        removeRow: (claim) => claims.remove(claim.id),
        notify,
      }),
      totals: provideLoad<ClaimTotalsData, ClaimTotalsQuery>(async ({ userId, year }) => ({
        types: await claims.types(true),
        claims: await claims.all({ userId, year }),
      })),
      newClaim: newClaimDialogMachine.provide({ actors: { form: flow } }),
    },
  });
}
export type MyClaimsLogic = ReturnType<typeof provideMyClaims>;

const adminSortKeys = {
  date: (claim: Claim) => claim.date,
  employee: (claim: Claim) => claim.user.fullName.toLowerCase(),
  amount: (claim: Claim) => claim.amount,
};

/** The claim review sheet with its live effects (on Claims and on Approvals). */
export function provideClaimReview({ claims, uploads, notify }: ClaimsEffects) {
  return claimReviewMachine.provide({
    actions: { notify: (_, toast) => notify(toast) },
    actors: {
      details: provideLoad<ClaimReviewDetails, Claim>(async (claim) => ({
        receiptUrl: claim.receiptKey ? await uploads.viewUrl(claim.receiptKey) : null,
        types: await claims.types(true),
        claims: await claims.all({ userId: claim.userId, year: Number(claim.date.slice(0, 4)) }),
      })),
      decide: fromPromise(({ input }) =>
        claims.decide(input.id, input.decision, input.reason ? input.reason : undefined),
      ),
    },
  });
}

/** Claims (admin) with the review sheet and the month's report. */
export function provideAdminClaims(effects: ClaimsEffects) {
  const { claims, notify } = effects;
  const review = provideClaimReview(effects);
  return adminClaimsMachine.provide({
    actions: { notify: (_, toast) => notify(toast) },
    actors: {
      claims: provideList<Claim>({
        // The month's claims in one answer, cut here so that those awaiting a decision come first.
        fetchRows: async (query) => {
          const rows = await claims.all({
            year: Number(query.filters.year?.[0]),
            month: Number(query.filters.month?.[0]),
            status: query.filters.status?.join(',') || undefined,
          });
          return wholeListPage([...rows].sort(claimsPendingFirst), query, adminSortKeys);
        },
        removeRow: () => Promise.reject(new Error('The admin claims list removes no claims.')),
      }),
      review,
      report: fromPromise(async ({ input }) => {
        const blob = await claims.report(input.year, input.month, input.format);
        const month = String(input.month).padStart(2, '0');
        saveFile(blob, `claims-${input.year}-${month}.${input.format}`);
      }),
    },
  });
}
export type AdminClaimsLogic = ReturnType<typeof provideAdminClaims>;

/** Claim types under settings. */
export function provideClaimTypes({ claims, notify }: Pick<ClaimsEffects, 'claims' | 'notify'>) {
  const form = claimTypeFormMachine.provide({
    actors: {
      submit: fromPromise(({ input }) => {
        const { id, ...fields } = input;
        const body = claimTypeBodyOf(fields);
        return id ? claims.updateType(id, body) : claims.addType(body);
      }),
    },
    actions: { notify: (_, toast) => notify(toast) },
  });
  return claimTypesMachine.provide({
    actions: { notify: (_, toast) => notify(toast) },
    actors: {
      types: provideList<ClaimType>({
        fetchRows: async (query) =>
          wholeListPage(await claims.types(true), query, {
            name: (type: ClaimType) => type.name.toLowerCase(),
          }),
        removeRow: (type) => claims.removeType(type.id),
        notify,
      }),
      claimTypeDialog: claimTypeDialogMachine.provide({ actors: { form } }),
    },
  });
}
export type ClaimTypesLogic = ReturnType<typeof provideClaimTypes>;
