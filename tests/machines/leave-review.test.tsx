import { leaveReviewMachine } from '../../machines/leave-review.machine';
import { leaveReviewModel } from '../models/leave-review.model';
import { approvedAcrossYearEnd, pendingWithPdf } from './leave-fixtures';
import {
  REVIEW_ROWS,
  rejectedWithImage,
  reviewEvents,
  reviewInput,
  reviewLabel,
  reviewWalkParts,
  withdrawalAsked,
} from './leave-review-walk';
import { describeSpecWalk } from './spec-walk';

/**
 * The administrator's review of leave (the Leave Request Details sheet of /admin) walked from its spec
 * model (tests/models/leave-review.model.ts): approve or reject a pending request only, the toasts, the
 * list and the counts following, the sheet's facts per status; the withdrawal of approved leave decided by
 * another administrator (issue 34). The app's leaveReview machine is only watched.
 */

const parts = reviewWalkParts(REVIEW_ROWS);
describeSpecWalk({
  title: "the administrator's leave review on /admin, walked from its spec model",
  model: leaveReviewModel,
  starts: [{ name: 'admin dashboard', input: reviewInput }],
  events: reviewEvents,
  serialize: (m) => JSON.stringify([m.value, m.context.viewing, m.context.rows.map((r) => r.status)]),
  label: reviewLabel,
  app: { machine: leaveReviewMachine },
  open: (_path, inspect) => parts.open(inspect),
  perform: (app, event, model) => parts.perform(app, event, model),
  scenarios: [
    {
      name: 'approve a pending request: the toast, the row and the counts follow, the sheet closes',
      events: [
        { type: 'admin.views', row: pendingWithPdf.id },
        { type: 'server.sendsDetails' },
        { type: 'admin.approves' },
        { type: 'server.decides' },
        { type: 'admin.views', row: pendingWithPdf.id },
      ],
    },
    {
      name: 'reject a pending request',
      events: [
        { type: 'admin.views', row: pendingWithPdf.id },
        { type: 'server.sendsDetails' },
        { type: 'admin.rejects' },
        { type: 'server.decides' },
      ],
    },
    {
      name: 'an approved request offers no decision',
      events: [{ type: 'admin.views', row: approvedAcrossYearEnd.id }, { type: 'server.sendsDetails' }],
    },
    {
      name: 'a rejected request offers no decision, its image shows',
      events: [{ type: 'admin.views', row: rejectedWithImage.id }, { type: 'server.sendsDetails' }],
    },
    {
      name: 'a withdrawal approved: Withdrawn, it leaves the approved count, the sheet closes',
      events: [
        { type: 'admin.views', row: withdrawalAsked.id },
        { type: 'server.sendsDetails' },
        { type: 'admin.approvesWithdrawal' },
        { type: 'server.decidesWithdrawal' },
      ],
    },
    {
      name: 'a withdrawal rejected: the leave is Approved again',
      events: [
        { type: 'admin.views', row: withdrawalAsked.id },
        { type: 'server.sendsDetails' },
        { type: 'admin.rejectsWithdrawal' },
        { type: 'server.decidesWithdrawal' },
      ],
    },
    {
      name: 'a withdrawal approved in a processed month: the sheet stays open and names the payslip',
      events: [
        { type: 'admin.views', row: withdrawalAsked.id },
        { type: 'server.sendsDetails' },
        { type: 'admin.approvesWithdrawal' },
        { type: 'server.namesPayslips' },
        { type: 'admin.closes' },
      ],
    },
  ],
});
