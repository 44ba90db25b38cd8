import {
  type CompanyBody,
  type CompanyFormValues,
  type CompanyPage,
  companyFormSchema,
  emptyCompanyFormValues,
} from '../src/domain/company';
import { submissionToasts } from '../src/domain/messages/submissions';
import { createFormMachine } from './form';

/**
 * The Company page's form (issue 15): the particulars the statutory files and PDFs print. It starts
 * from what is stored (its parent, machines/company-settings.machine.ts, loads it) and finishes with
 * what the server saved.
 */
export const companyFormMachine = createFormMachine<CompanyFormValues, CompanyBody, CompanyPage>({
  id: 'companyForm',
  description:
    "The company's name, UEN, CPF submission number, address, the bank accounts salaries are paid from, and whether e-mailed payslips are password-protected.",
  // The accounts are numbered rows of fields (bankName, bankName2 ...): see accountFieldNames.
  initialValues: emptyCompanyFormValues(),
  // The API's own schema: every field is text or '' (none), so it reads the inputs as they are.
  schema: companyFormSchema,
  request: { id: 'saveCompany', description: "Save: PUT /company; the button reads 'Processing...'." },
  successToast: () => submissionToasts.companySaved,
  failureToast: submissionToasts.companyFailed,
  afterSuccess: { description: 'Saved: the page shows what the server stored.' },
});
