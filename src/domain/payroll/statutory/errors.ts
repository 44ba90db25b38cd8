import { PayrollError } from '../errors';

/**
 * A statutory or bank file cannot be built from the data given. Each problem is a full sentence an
 * HR officer can act on (naming the employee where one is at fault), so a screen can list them as
 * they are; the message joins them for logs and plain error answers.
 */
export class StatutoryFileError extends PayrollError {
  override name = 'StatutoryFileError';
  readonly problems: string[];

  constructor(problems: readonly string[]) {
    super(problems.join(' '));
    this.problems = [...problems];
  }
}
