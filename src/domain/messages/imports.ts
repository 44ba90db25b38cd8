import type { Toast } from './toast';

/** The words of the Import screen (issue 38 item 6; the spec names none, so these are ours, in its style). */
export const importToasts = {
  templateFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Template not downloaded',
    description: error.message,
  }),
  checkFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'File not checked',
    description: error.message,
  }),
  hasProblems: (count: number): Toast => ({
    type: 'error',
    title: 'The file has problems',
    description: `${count} ${count === 1 ? 'problem' : 'problems'}: fix the rows named and choose the file again.`,
  }),
  imported: (created: number): Toast => ({
    type: 'success',
    title: 'Imported',
    description: `${created} ${created === 1 ? 'row' : 'rows'} imported.`,
  }),
  importFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Not imported',
    description: error.message,
  }),
  invited: (count: number): Toast => ({
    type: 'success',
    title: 'Sign-in links sent',
    description: `${count} ${count === 1 ? 'e-mail is' : 'e-mails are'} on the way.`,
  }),
  inviteFailed: (error: { message: string }): Toast => ({
    type: 'error',
    title: 'Sign-in links not sent',
    description: error.message,
  }),
};
