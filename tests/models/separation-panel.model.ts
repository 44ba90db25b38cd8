import { createMachine } from 'xstate';

/**
 * The Separation panel, from issue 35's words: "A Separation panel on the staff record (state, dates,
 * what is due when, the IR21 step), ... a resignation form for staff"; "POST .../separation (ADMIN)";
 * "DELETE withdraws it before the last day"; "Staff can submit their resignation (reason RESIGNATION),
 * which the administrator acknowledges"; item 5: "From the notice date, money due is withheld ... until
 * POST /users/{id}/ir21-clearance {date, reference} records IRAS's clearance". Written without the app's machine: the walk checks the panel
 * against this.
 */
export const separationPanelModel = createMachine({
  id: 'separationPanelModel',
  initial: 'opened',
  states: {
    opened: {
      on: {
        'server.none': 'adminSeesNone',
        'server.resignationWaiting': 'adminSeesWaiting',
        'staff.opensOwn': 'staffSeesNone',
      },
    },
    adminSeesNone: { on: { 'admin.records': 'adminSeesLeaving' } },
    adminSeesWaiting: {
      on: { 'admin.acknowledges': 'adminSeesLeaving', 'admin.withdraws': 'adminSeesNone' },
    },
    adminSeesLeaving: {
      on: { 'admin.withdraws': 'adminSeesNone', 'admin.recordsClearance': 'adminSeesCleared' },
    },
    adminSeesCleared: { type: 'final' },
    staffSeesNone: { on: { 'staff.resigns': 'staffSeesWaiting' } },
    staffSeesWaiting: { type: 'final' },
  },
});

/** Today in the walk, and a separation worked by hand: an Employment Pass holder hired 2 Jan 2023. */
export const TODAY = '2026-12-01';
const NOTICE = {
  reason: 'RESIGNATION',
  noticeDate: '2026-12-01',
  lastDay: '2026-12-14',
  noticeServed: true,
  // 3 years 11 months of service: 2 weeks, the day notice is given counted.
  noticePeriodDays: 14,
  noticeEnds: '2026-12-14',
  // Notice served: final pay on the last day.
  finalPayDue: '2026-12-14',
  ir21Required: true,
  // One month before the last day, already past on 1 Dec: late.
  ir21Due: '2026-11-14',
  // An Employment Pass holder: their pay is withheld until IRAS's clearance is recorded.
  ir21ClearedOn: null,
  ir21Reference: null,
  payWithheld: true,
  steps: [
    { step: 'IR21', due: '2026-11-14', late: true },
    { step: 'NOTICE_ENDS', due: '2026-12-14', late: false },
    { step: 'LAST_DAY', due: '2026-12-14', late: false },
    { step: 'FINAL_PAY', due: '2026-12-14', late: false },
  ],
} as const;

export const separationAnswer = (userId: number, status: 'REQUESTED' | 'ACKNOWLEDGED' | 'WITHDRAWN') => ({
  id: 1,
  userId,
  status,
  ...NOTICE,
  steps: [...NOTICE.steps],
});
