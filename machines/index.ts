import type { AnyStateMachine } from 'xstate';
import { claimLifecycle } from '../src/domain/lifecycles/claim.lifecycle';
import { leaveRequestLifecycle } from '../src/domain/lifecycles/leave-request.lifecycle';
import { payRunLifecycle } from '../src/domain/lifecycles/pay-run.lifecycle';
import { payslipLifecycle } from '../src/domain/lifecycles/payslip.lifecycle';
import { payslipEmailLifecycle } from '../src/domain/lifecycles/payslip-email.lifecycle';
import { separationLifecycle } from '../src/domain/lifecycles/separation.lifecycle';
import { timesheetLifecycle } from '../src/domain/lifecycles/timesheet.lifecycle';
import { adminClaimsMachine } from './admin-claims.machine';
import { adminDashboardMachine } from './admin-dashboard.machine';
import { adminLeaveCalendarMachine } from './admin-leave-calendar.machine';
import { approvalsMachine } from './approvals.machine';
import { auditTrailMachine } from './audit-trail.machine';
import { changePasswordMachine } from './change-password.machine';
import { claimReviewMachine } from './claim-review.machine';
import { claimTypeFormMachine, claimTypesMachine } from './claim-types.machine';
import { companyFormMachine } from './company-form.machine';
import { companySettingsMachine } from './company-settings.machine';
import { dataImportMachine } from './data-import.machine';
import { editablePanelMachine } from './editable-panel.machine';
import { exportFileMachine } from './export-file.machine';
import { forgotPasswordFormMachine, forgotPasswordMachine } from './forgot-password.machine';
import { formDialogMachine } from './form-dialog.machine';
import { ir8aJobMachine } from './ir8a-job.machine';
import { leaveBalanceReportMachine } from './leave-balance-report.machine';
import { leaveCalendarMachine } from './leave-calendar.machine';
import { leaveOverviewMachine } from './leave-overview.machine';
import { leavePoliciesMachine } from './leave-policies.machine';
import { leavePolicyFormMachine } from './leave-policy-form.machine';
import { leaveRequestDetailsMachine } from './leave-request-details.machine';
import { leaveReviewMachine } from './leave-review.machine';
import { leaveYearEndMachine } from './leave-year-end.machine';
import { listMachine } from './list.machine';
import { loadMachine } from './load.machine';
import { loginFormMachine } from './login-form.machine';
import { myClaimsMachine } from './my-claims.machine';
import { claimFormMachine, newClaimMachine } from './new-claim.machine';
import { onboardingMachine } from './onboarding.machine';
import {
  employmentStepMachine,
  leaveStepMachine,
  paymentStepMachine,
  staffStepMachine,
} from './onboarding-steps.machine';
import { openingBalancesMachine } from './opening-balances.machine';
import { payItemFormMachine } from './pay-item-form.machine';
import { payItemsMachine } from './pay-items.machine';
import { payRunMachine } from './pay-run.machine';
import { paySubmissionsMachine } from './pay-submissions.machine';
import { payrollPeriodMachine } from './payroll-period.machine';
import { payslipEmailsMachine } from './payslip-emails.machine';
import { publicHolidayFormMachine } from './public-holiday-form.machine';
import { publicHolidaysMachine } from './public-holidays.machine';
import {
  employmentInfoPanelForm,
  leaveAllowancePanelForm,
  paymentInfoPanelForm,
  paymentSnapshotForm,
  profilePanelForm,
  staffInfoPanelForm,
} from './record-panel-forms';
import { registerUserMachine } from './register-user.machine';
import { requestLeaveMachine } from './request-leave.machine';
import { resetPasswordMachine } from './reset-password.machine';
import { separationPanelMachine } from './separation-panel.machine';
import { sessionMachine } from './session.machine';
import { setPasswordMachine } from './set-password.machine';
import { setupChecklistMachine } from './setup-checklist.machine';
import { staffPayslipsMachine } from './staff-payslips.machine';
import { timesheetMachine } from './timesheet.machine';
import { timesheetGridMachine } from './timesheet-grid.machine';
import { timesheetImportMachine } from './timesheet-import.machine';
import { userLeaveMachine } from './user-leave.machine';
import { userRecordMachine } from './user-record.machine';

export interface RegisteredMachine {
  /** File-name friendly id, used for docs/statecharts/<name>.* */
  name: string;
  /** One sentence for analysts. */
  purpose: string;
  /** The screens (routes, dialogs, panels) whose workflow it is. */
  drives: string;
  machine: AnyStateMachine;
}

/** Every statechart of the product; the diagram generator and the coverage checks read this list. */
export const machines: readonly RegisteredMachine[] = [
  {
    name: 'session',
    drives:
      'Every screen: /login, the forced password step, the signed-in areas (/admin/…, /staff/…) and the inactivity dialog',
    purpose:
      'Who is signed in: restoring the session, the forced first password, the shared token refresh, the inactivity prompt and logout.',
    machine: sessionMachine,
  },
  {
    name: 'login-form',
    drives: '/login, the sign-in form',
    purpose: 'The sign-in form of /login: Email and Password, validated, then POST /auth/login.',
    machine: loginFormMachine,
  },
  {
    name: 'forgot-password',
    drives: '/login, the forgot-password tab',
    purpose:
      'The forgot-password tab of /login: its form, then after each reset e-mail sent the 20 second resend lock, then a fresh form.',
    machine: forgotPasswordMachine,
  },
  {
    name: 'forgot-password-form',
    drives: '/login, the forgot-password form',
    purpose: 'The forgot-password form of /login: Email, then Send Reset Email.',
    machine: forgotPasswordFormMachine,
  },
  {
    name: 'set-password',
    drives: '/login, the new-password step after a first sign-in',
    purpose: 'The forced first step of an account created with a temporary password.',
    machine: setPasswordMachine,
  },
  {
    name: 'change-password',
    drives: 'Change Password dialog (sidebar of both areas), its form',
    purpose: 'The form of the Change Password dialog opened from the sidebar.',
    machine: changePasswordMachine,
  },
  {
    name: 'form-dialog',
    drives:
      'Change Password dialog (sidebar of both areas); Request for Leave dialog on /staff, /staff/profile and /admin/users/:id',
    purpose:
      'A dialog around a form: opening starts a fresh, empty form; closing is refused while its request is out; the answer closes it and goes to whoever holds the dialog.',
    machine: formDialogMachine,
  },
  {
    name: 'setup-checklist',
    drives: '/admin, the setup checklist card',
    purpose:
      "A new company's setup steps as the server computes them, shown on the dashboard while one is left, dismissible for the session.",
    machine: setupChecklistMachine,
  },
  {
    name: 'separation-panel',
    drives: '/admin/users/:id and /staff/profile, the Separation panel',
    purpose:
      "An employee's separation with its notice, final pay and IR21 dates: recorded or resigned, acknowledged, withdrawn before the last day; the key employment terms as a PDF; the IR21 as a PDF or CSV and IRAS's clearance, which releases withheld pay.",
    machine: separationPanelMachine,
  },

  {
    name: 'reset-password',
    drives: '/reset-password',
    purpose:
      'The reset-password screen reached from the e-mailed link: validates, submits, returns to /login.',
    machine: resetPasswordMachine,
  },
  {
    name: 'list',
    drives:
      '/admin/users; the leave request tables of /admin, /staff, /staff/profile and /admin/users/:id; Leave Balance tables (/staff, /staff/profile, /admin/users/:id, Pay Items) and /admin/leave-balance; /admin/public-holidays; the lists of /admin/process-pay and /admin/pay-records; the pay item tables of Pay Items; /staff/payslips',
    purpose:
      'Every table screen (first All Staff): fetching the rows of a query, the debounced search, sorting, paging, and removing a row after a confirmation.',
    machine: listMachine,
  },
  {
    name: 'load',
    drives:
      '/admin/company; /admin/leave-policies; /admin/pay-submissions; the month of /admin/leave-calendar and of Your Leave Calendar on /staff; the attachment, clashes and balance of the Leave Request Details sheet; the balance beside the Leave Type of Request for Leave',
    purpose:
      'What a screen fetches to show, beside the list and the form: loading, then the data, or the failure with Try again; a reload from the holder fetches again, another query replaces one in flight.',
    machine: loadMachine,
  },
  {
    name: 'leave-request-lifecycle',
    drives: 'No screen of its own: the status every leave screen shows and the API enforces',
    purpose:
      'The status of one leave request, shared with the server: pending until approved, rejected or deleted; nothing changes after.',
    machine: leaveRequestLifecycle,
  },
  {
    name: 'register-user',
    drives: '/admin/register',
    purpose:
      "The 'Register a New Account' form: required fields, the server's company-domain rule, then onboarding or the staff list.",
    machine: registerUserMachine,
  },
  {
    name: 'onboarding',
    drives: '/admin/onboard/:id',
    purpose:
      'The 4-step onboarding wizard: opens each step as a form, takes it when it is right, tells step 3 and 4 what steps 1 and 2 hold, sends all four at once, and asks before leaving.',
    machine: onboardingMachine,
  },
  {
    name: 'onboarding-staff-step',
    drives: 'Step 1 (Staff Information) of /admin/onboard/:id',
    purpose: 'The form of onboarding step 1: gender, NRIC/FIN, date of birth, race and nationality.',
    machine: staffStepMachine,
  },
  {
    name: 'onboarding-employment-step',
    drives: 'Step 2 (Employment Information) of /admin/onboard/:id',
    purpose:
      'The form of onboarding step 2: designation, hire and confirmed dates, pass type and employment type.',
    machine: employmentStepMachine,
  },
  {
    name: 'onboarding-payment-step',
    drives: 'Step 3 (Payment Information) of /admin/onboard/:id',
    purpose:
      'The form of onboarding step 3: salary, CPF type, section and rates (the official ones until the admin types their own), self-help group (suggested by race) and bank.',
    machine: paymentStepMachine,
  },
  {
    name: 'onboarding-leave-step',
    drives: 'Step 4 (Leave Allowance) of /admin/onboard/:id',
    purpose:
      'The form of onboarding step 4: an allowance per leave type with a yearly limit, prefilled with the entitlement for the hire date and the gender.',
    machine: leaveStepMachine,
  },
  {
    name: 'editable-panel',
    drives: 'The panels of /staff/profile, /admin/users/:id and Payment Information Used on Pay Items',
    purpose:
      'An editable panel: read-only rows with a pencil, or its form (by kind) from the stored values; Cancel unless saving.',
    machine: editablePanelMachine,
  },
  {
    name: 'profile-panel-form',
    drives: 'The profile panel of /admin/users/:id',
    purpose: "The profile panel's form: full name and e-mail, then PATCH /users/{id}.",
    machine: profilePanelForm,
  },
  {
    name: 'staff-info-panel-form',
    drives: 'The Staff tab of /staff/profile and /admin/users/:id',
    purpose:
      "Staff Information's form: gender, NRIC/FIN, date of birth, race, nationality, then PATCH /staff-info/{id}.",
    machine: staffInfoPanelForm,
  },
  {
    name: 'employment-info-panel-form',
    drives: 'The Employment tab of /admin/users/:id',
    purpose:
      "Employment Information's form: designation, dates, pass type, employment type and status, then PATCH /employment-info/{id}.",
    machine: employmentInfoPanelForm,
  },
  {
    name: 'payment-info-panel-form',
    drives: 'The Payment tab of /admin/users/:id',
    purpose:
      "Payment Information's form: salary, CPF type, section and rates (official ones follow a new type or section), then PATCH /payment-info/{id}.",
    machine: paymentInfoPanelForm,
  },
  {
    name: 'leave-allowance-panel-form',
    drives: 'The Leave Allowance tab of /admin/users/:id',
    purpose:
      "Leave Allowance's form: the days of every leave type with a yearly limit, one call per changed type.",
    machine: leaveAllowancePanelForm,
  },
  {
    name: 'user-record',
    drives: '/admin/users/:id and /staff/profile',
    purpose:
      'User detail and My profile: loading the user with the leave allowances, and Delete User behind a question.',
    machine: userRecordMachine,
  },
  {
    name: 'payslip-lifecycle',
    drives: 'No screen of its own: the status Process Pay and Pay Items show and the API enforces',
    purpose:
      "A payslip's processing status (Unprocessed, Items Added, Processed); the API asks it whether a change is allowed and answers 409 when it is not.",
    machine: payslipLifecycle,
  },
  {
    name: 'payslip-email-lifecycle',
    drives: 'No screen of its own: each send of an e-mail job, whose progress Process Pay shows',
    purpose:
      "One payslip's e-mail: queued, sending, sent once and never again, or failed after its tries until Retry failed; the server writes every status through it.",
    machine: payslipEmailLifecycle,
  },
  {
    name: 'pay-run-lifecycle',
    drives:
      "No screen of its own: the month's pay run state Process Pay and Approvals show and the API enforces",
    purpose:
      "A month's pay run (issue 39): submitted by one administrator, approved or rejected by another, reopened with a reason; until approved, the bank and CPF files, the e-mails and staff's payslips of the month wait.",
    machine: payRunLifecycle,
  },
  {
    name: 'timesheet-lifecycle',
    drives:
      "No screen of its own: the status of a month's timesheet, which the API writes and My Timesheet shows",
    purpose:
      "A month's timesheet (issue 36): the owner's save submits it; another admin's save approves it (four eyes).",
    machine: timesheetLifecycle,
  },
  {
    name: 'claim-lifecycle',
    drives: 'The claims API (My Claims and Claims screens) and the payslips that pay approved claims',
    purpose:
      'An expense claim (issue 37): decided by another administrator or deleted while pending; an approved one is paid when the payslip carrying it is processed, and owed again when that payslip is reverted.',
    machine: claimLifecycle,
  },
  {
    name: 'separation-lifecycle',
    drives: 'The Separation panel on the staff record and the resignation on My profile, through the API',
    purpose:
      "An employee's leaving (issue 35): a resignation waits for an administrator's acknowledgement; withdrawn before the last day or completed after it.",
    machine: separationLifecycle,
  },
  {
    name: 'payroll-period',
    drives: '/admin/process-pay and /admin/pay-records',
    purpose:
      'Process Pay and View Processed Records as one machine: it spawns their lists (the list statechart) and keeps the period, row selection, pay date, bulk processing with progress, revert and the table PDF, after which the lists fetch again.',
    machine: payrollPeriodMachine,
  },
  {
    name: 'timesheet',
    drives: '/staff/timesheet',
    purpose:
      "One person's month of hours (issue 36 item 5): a year and month picked, the month fetched (the load statechart), then edited in the timesheet form, made again from each answer with its status and overtime figures.",
    machine: timesheetMachine,
  },
  {
    name: 'timesheet-grid',
    drives: '/admin/timesheets',
    purpose:
      "The administrator's month of timesheets (issue 36 item 5): a year and month picked, the grid fetched (the load statechart), one employee's month opened in the timesheet form, Approve where the lifecycle allows, the CSV template and upload; each change fetches the grid again.",
    machine: timesheetGridMachine,
  },
  {
    name: 'timesheet-import',
    drives: '/admin/timesheets (its upload)',
    purpose:
      "A month's hours as a CSV file (issue 36 item 5): chosen, checked by the server's dry run that names each bad row, then applied all or nothing when it has none.",
    machine: timesheetImportMachine,
  },
  {
    name: 'staff-payslips',
    drives: '/staff/payslips',
    purpose:
      "A staff member's own processed payslips by year (from the hire year) as one machine: it spawns the year's table (the list statechart, the year as its filter) and opens a payslip, or the year's Form IR8A, as a PDF.",
    machine: staffPayslipsMachine,
  },
  {
    name: 'pay-run',
    drives: '/admin/process-pay, the pay run panel',
    purpose:
      "The month's pay run on Process Pay (issue 39): its state, who submitted and approved it, a rejection's reason, and Submit for another administrator's approval; read again whenever the Processed List loads.",
    machine: payRunMachine,
  },
  {
    name: 'approvals',
    drives: '/admin/approvals',
    purpose:
      'What awaits this administrator (issue 39 item 4): the submitted pay runs they may decide, each with its variance against last month, Approve, Reject with a reason in a dialog and the variance PDF; the pending leave requests and expense claims of others, each with its review sheet (claim-review for a claim).',
    machine: approvalsMachine,
  },
  {
    name: 'payslip-emails',
    drives: '/admin/pay-records, Email payslips',
    purpose:
      "Email payslips: a confirmation, the month's sends queued, the job followed ('N of M sent'), its failures with their reasons and Retry failed.",
    machine: payslipEmailsMachine,
  },
  {
    name: 'pay-submissions',
    drives: '/admin/pay-submissions',
    purpose:
      "A month's hand-over: its CPF summary and what would stop the CPF file, then the CPF EZPay file, the bank's salary file, the year's IR8A CSV and, once checked, its IRAS AIS file; it spawns the IR8A PDF's job.",
    machine: paySubmissionsMachine,
  },
  {
    name: 'ir8a-job',
    drives: '/admin/pay-submissions, the IR8A forms (PDF)',
    purpose:
      "The year's IR8A forms as one PDF made in the background: started, followed ('n of N employees'), picked up again when the screen opens, downloaded when stored; a failure says why, with Try again.",
    machine: ir8aJobMachine,
  },
  {
    name: 'company-settings',
    drives:
      '/admin/company; /admin/leave-policies; /admin/pay-submissions; the month of /admin/leave-calendar and of Your Leave Calendar on /staff; the attachment and clashes of the Leave Request Details sheet',
    purpose:
      "The Company page: the company's particulars fetched, then edited in the Company form, made again after each save.",
    machine: companySettingsMachine,
  },
  {
    name: 'company-form',
    drives: '/admin/company, the Company form',
    purpose:
      "The company's name, UEN, CPF submission number, address, salary accounts, settings and claim window (days), validated, then PUT /company.",
    machine: companyFormMachine,
  },
  {
    name: 'request-leave',
    drives: 'Request for Leave dialog on /staff and /admin/users/:id, around its form',
    purpose:
      'The Request for Leave dialog around its form (for oneself, or by an administrator for a user): the public holidays its days count with, loaded per year as dates change, the balance of the chosen type in the years of the dates and what the request would leave of it, and the supporting document chosen or refused, which the request uploads first.',
    machine: requestLeaveMachine,
  },
  {
    name: 'leave-request-details',
    drives: 'Leave Request Details panel on /staff, /staff/profile and /admin/users/:id',
    purpose:
      "The staff side panel of one leave request: read-only, its attachment's preview, and Delete while it is pending.",
    machine: leaveRequestDetailsMachine,
  },
  {
    name: 'admin-dashboard',
    drives: '/admin',
    purpose:
      'The admin dashboard (/admin) as one machine: it spawns the requests list, the stat cards and the review sheet, and a decision in the sheet reloads the list and the counts.',
    machine: adminDashboardMachine,
  },
  {
    name: 'user-leave',
    drives: '/staff, and the leave of /staff/profile and /admin/users/:id',
    purpose:
      "One person's leave (staff dashboard, My profile, user detail) as one machine: it spawns the requests, the counts, the details panel, the Request for Leave dialog, the Leave Balance table and (on /staff) the calendar of one's own requests, and a request created or deleted reloads the others and starts the next dialog empty.",
    machine: userLeaveMachine,
  },
  {
    name: 'leave-overview',
    drives: 'The stat cards and leave types of /admin and /staff',
    purpose:
      'The stat cards of a leave dashboard (Pending Approval, Requests Approved, Requests Rejected) and the leave types of its filter, reloaded after a change.',
    machine: leaveOverviewMachine,
  },
  {
    name: 'leave-review',
    drives: 'Leave Request Details sheet on /admin and /admin/leave-calendar',
    purpose:
      "The admin's Leave Request Details sheet: the attachment, the clashes and the employee's balance of the leave type, approve or reject a pending request, then the list and counts reload.",
    machine: leaveReviewMachine,
  },
  {
    name: 'leave-balance-report',
    drives: '/admin/leave-balance',
    purpose:
      "Every employee's leave balance for a year (/admin/leave-balance) as one machine: it spawns the year's rows (the list statechart, sorted by column), keeps the year, the leave types and the fetched time, and the PDF, and fetches again after a year is closed.",
    machine: leaveBalanceReportMachine,
  },
  {
    name: 'leave-year-end',
    drives: '/admin/leave-balance, Close year',
    purpose:
      'Close year on the Leave Balance screen: what the year end would do, a confirmation with the days and employees it carries, then the year end and the balances fetched again.',
    machine: leaveYearEndMachine,
  },
  {
    name: 'public-holidays',
    drives: '/admin/public-holidays',
    purpose:
      "The Public Holidays screen as one machine: it spawns the year's holidays (the list, made again per year) and the Add holiday form, and an add or a delete leaves a notice of the pending requests whose days changed.",
    machine: publicHolidaysMachine,
  },
  {
    name: 'audit-trail',
    drives: '/admin/audit',
    purpose:
      'The Audit screen: who did what to which record when, with before and after, filtered (from its address too), a page at a time, and Export CSV of the same filters.',
    machine: auditTrailMachine,
  },
  {
    name: 'export-file',
    drives: '/admin/users and /admin, Export CSV and Export XLSX',
    purpose:
      "A list's export (issue 38 item 5): the staff records, or the leave requests of the statuses filtered, as CSV or XLSX, fetched and saved, one at a time, with a toast naming the file or saying why not.",
    machine: exportFileMachine,
  },
  {
    name: 'data-import',
    drives: '/admin/import',
    purpose:
      'The Import screen (issue 38 item 6): staff, opening YTD or opening leave from a CSV or XLSX file; its template; the dry run naming errors by row and column; Apply when there is none (followed as a job over 500 rows); the result, and for staff the e-mailed sign-in links.',
    machine: dataImportMachine,
  },
  {
    name: 'public-holiday-form',
    drives: '/admin/public-holidays, the Add holiday form',
    purpose:
      "A public holiday's date and name, validated, then POST /public-holidays; the server refuses a date that is one already or that would leave a pending request with no day.",
    machine: publicHolidayFormMachine,
  },
  {
    name: 'leave-policies',
    drives: '/admin/leave-policies',
    purpose:
      "The Leave Policies screen: every leave type's policy (how its days are set, proration, carry forward), and a type's form when it is edited.",
    machine: leavePoliciesMachine,
  },
  {
    name: 'leave-policy-form',
    drives: '/admin/leave-policies, the Edit dialog',
    purpose:
      "One leave type's policy, validated, then PUT /leave-policies/{id}; the server refuses one below the Employment Act's or the CDCA's days and says so.",
    machine: leavePolicyFormMachine,
  },
  {
    name: 'leave-calendar',
    drives: 'The month grid of /admin/leave-calendar and Your Leave Calendar on /staff',
    purpose:
      'A month of who is away (approved and pending, half days as halves) with its public holidays: previous, next, month and year pickers, the Leave Type filter, reloaded after a change.',
    machine: leaveCalendarMachine,
  },
  {
    name: 'admin-leave-calendar',
    drives: '/admin/leave-calendar',
    purpose:
      "The team calendar (/admin/leave-calendar) as one machine: it spawns everyone's month and the Leave Request Details sheet its entries open, and a decision in the sheet reloads the month.",
    machine: adminLeaveCalendarMachine,
  },
  {
    name: 'pay-items',
    drives: '/admin/users/:userId/pay-items/:year/:month',
    purpose:
      "Pay Items: one employee's payslip of a month; it spawns each kind's Add form and items table (a list reading the items kept here), the Leave Balance table and Payment Information Used, deletes items, and fetches the figures again after every change; the status follows the payslip lifecycle; read-only once processed.",
    machine: payItemsMachine,
  },
  {
    name: 'pay-item-form',
    drives: "Pay Items, each kind's Add form",
    purpose:
      "A kind's Add form on Pay Items: Type, Treatment where the type is paid either way, and Amount, with the spec's messages beside them, then POST /<kind>-items; made again, empty, after each add.",
    machine: payItemFormMachine,
  },
  {
    name: 'payment-snapshot',
    drives: 'Payment Information Used on Pay Items',
    purpose:
      "Payment Information Used's form: the payslip's salary, CPF rates and self-help group, then PUT /payslips/{userId}/{year}/{month}.",
    machine: paymentSnapshotForm,
  },
  {
    name: 'opening-balances',
    drives: "User detail's Opening balances (ADMIN)",
    purpose:
      'Issue 38: for a chosen year, the year so far paid before (PUT /users/{id}/opening-ytd) and the leave days taken before (PUT /users/{id}/opening-leave), each an editable panel, and Remove after asking.',
    machine: openingBalancesMachine,
  },
  {
    name: 'claim-review',
    drives: 'The claim review side sheet on /admin/claims and /admin/approvals',
    purpose:
      "Issue 37 item 4: one claim at a time with its receipt inline (a signed link) and the employee's totals against the type's limits; another administrator approves or rejects it with a reason, one's own claim offers no decision.",
    machine: claimReviewMachine,
  },
  {
    name: 'claim-types',
    drives: '/admin/company/claim-types',
    purpose:
      'Issue 37 item 4: the claim types with their limits (a company setting); Add and Edit in a dialog, made afresh with the values of the type edited, and Delete after a confirmation, whose toast says whether the API deleted or archived the type.',
    machine: claimTypesMachine,
  },
  {
    name: 'claim-type-form',
    drives: '/admin/company/claim-types, the Add and Edit claim type dialog',
    purpose:
      'Issue 37 item 1: a claim type, its name required, each limit (per claim, month, year) optional in dollars more than zero, Receipt required and Taxable, then POST /claim-types or PUT /claim-types/{id}.',
    machine: claimTypeFormMachine,
  },
  {
    name: 'claim-form',
    drives: '/staff/claims, the New claim dialog',
    purpose:
      "Issue 37 item 2: a claim's type, expense date, amount in dollars more than zero and description (and the receipt its flow holds), then POST /claims; a refusal names its field.",
    machine: claimFormMachine,
  },
  {
    name: 'new-claim',
    drives: '/staff/claims, the New claim dialog around its form',
    purpose:
      "Issue 37 item 4: the New claim dialog's flow around claimForm: it holds the receipt the phone's camera or a file gave, which the form's request uploads once before POST /claims.",
    machine: newClaimMachine,
  },
  {
    name: 'my-claims',
    drives: '/staff/claims',
    purpose:
      "Issue 37 item 4: one's own claims (the list statechart), Delete of a pending one, the totals this month and year against each type's limits (a load of the types and the year's claims), and the New claim dialog, whose flow (machines/new-claim.machine.ts, walked whole with it) holds the receipt the camera or a file gave; a claim filed or deleted fetches the list and the totals again.",
    machine: myClaimsMachine,
  },
  {
    name: 'admin-claims',
    drives: '/admin/claims',
    purpose:
      "Issue 37 item 4: a month's claims of everyone (Year, Month and Status pickers as the list's filters), those awaiting a decision first; the review sheet (claim-review), whose decision fetches the list again; the month's report as CSV or PDF.",
    machine: adminClaimsMachine,
  },
];
