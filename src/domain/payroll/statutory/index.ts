/**
 * Statutory and bank files built from a processed payroll month: the CPF EZPay (FTP) file and the
 * UOB, DBS and OCBC bulk salary files. Pure functions; layouts, sources and the choices made where
 * the sources are weak: docs/statutory-files.md.
 */

export {
  AIS_CHOICES,
  AIS_RECORD_LENGTH,
  type AisAmounts,
  type AisEmployer,
  type AisIr8aFile,
  type AisIr8aInput,
  type AisProblem,
  aisDetailRecord,
  aisIr8aFile,
  aisIr8aProblems,
  IRAS_NATIONALITY_CODES,
  organisationIdType,
} from './ais-ir8a';
export {
  DBS_UFF_CHOICES,
  OCBC_CHOICES,
  SALARY_FILE_BANKS,
  type SalaryFile,
  type SalaryFileBank,
  type SalaryFileInput,
  type SalaryPayment,
  salaryFile,
  salaryFileProblems,
  UOB_CHOICES,
  type UobHashDetail,
  type UobHashHeader,
  uobFieldCheckSum,
  uobHashTotal,
} from './bank-files';
export {
  type BankName,
  RECEIVING_BANKS,
  type ReceivingBank,
  receivingBank,
} from './banks';
export {
  CPF_EZPAY_CHOICES,
  CPF_RECORD_LENGTH,
  type CpfEmploymentStatus,
  type CpfFileEmployee,
  type CpfFileInput,
  type CpfFileSummaryLine,
  type CpfSubmissionNumber,
  cpfEmploymentStatus,
  cpfEzpayFile,
  cpfEzpayProblems,
  parseCpfSubmissionNumber,
} from './cpf-ezpay';
export { StatutoryFileError } from './errors';
export { CPF_FORBIDDEN_CHARACTERS, CPF_NAME_LENGTH, personNameProblem, toFileAlphabet } from './names';
