import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nricCheckLetter } from '../../src/domain/nric';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accessibilityProblems, appInBrowser, PHONE } from './app-server';

/**
 * Staff records in a real browser against the real server: register a staff member, onboard them through the
 * four steps, find them Active in All Staff, edit their payment info, and the delete that payroll forbids.
 * The server runs on a PostgreSQL database of its own, so the test can add a processed payslip.
 */

let db: pg.Client;

// On a PostgreSQL database of its own, so the test can add a processed payslip.
const e2e = appInBrowser(() => ({}), {
  postgres: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
});

beforeAll(async () => {
  db = new pg.Client({ connectionString: e2e.app.databaseUrl ?? '' });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

const toast = (page: Page, title: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });

async function signInAsAdmin(viewport = { width: 1280, height: 800 }) {
  return e2e.signIn(ADMIN_EMAIL, ADMIN_PASSWORD, viewport);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/staff-${name}.png`, fullPage: true });

describe('staff records in the browser', () => {
  it('registers a staff member, onboards them in four steps and finds them Active in All Staff', async () => {
    const page = await signInAsAdmin();
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Add Staff' }).click();
    await page.waitForURL('**/admin/register');
    await page.getByRole('heading', { name: 'Register a New Account' }).waitFor();
    const form = page.getByRole('form', { name: 'Register a New Account' });
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('All fields are required.').first().waitFor();
    await form.getByLabel('Full Name').fill('Siti Nurhaliza');
    await form.getByLabel('Email').fill('siti.nurhaliza@gmail.com');
    await form.getByText('Basic employee access').click();
    await form.getByLabel('Temporary Password').fill('Temp-Pass-2026');
    await shot(page, 'register-1280');
    await form.getByRole('button', { name: 'Register' }).click();
    // The company-domain rule is the server's.
    await toast(page, 'Email must be a valid @ company-domain email.').waitFor();
    await form.getByLabel('Email').fill('siti.nurhaliza@company.test');
    await form.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'User created!').waitFor();
    await page.waitForURL(/\/admin\/onboard\/\d+$/);
    const userId = Number(new URL(page.url()).pathname.split('/').pop());

    // Step 1: an invalid field keeps the wizard on the step with the spec's message.
    const staffStep = page.getByRole('form', { name: 'Staff Information' });
    await staffStep.waitFor();
    await page.getByText('Step 1 of 4: Staff').waitFor();
    await staffStep.getByLabel('NRIC/FIN').fill('s1234567a');
    await staffStep.getByRole('button', { name: 'Next' }).click();
    await staffStep.getByText('Please enter a valid NRIC/FIN.').waitFor();
    await staffStep.getByText('Please fill in all compulsory fields.').first().waitFor();
    await expect(staffStep.getByLabel('NRIC/FIN').inputValue()).resolves.toBe('S1234567A');
    const nric = `S8823456${nricCheckLetter('S', '8823456')}`;
    await staffStep.getByLabel('NRIC/FIN').fill(nric);
    await staffStep.getByLabel('Gender').selectOption('Female');
    await staffStep.getByLabel('Date of Birth').fill('08/08/1988');
    await staffStep.getByLabel('Race').selectOption('Malay');
    await staffStep.getByLabel('Nationality').selectOption('SINGAPORE CITIZEN');
    await shot(page, 'onboard-step1-1280');
    await staffStep.getByRole('button', { name: 'Next' }).click();

    const employmentStep = page.getByRole('form', { name: 'Employment Information' });
    await employmentStep.getByLabel('Designation').fill('Accounts Executive');
    await employmentStep.getByLabel('Hire Date').fill('02/11/2026');
    await employmentStep.getByLabel('Pass Type').selectOption('Singapore');
    await employmentStep.getByLabel('Employment Type').selectOption('Full Time');
    await employmentStep.getByRole('button', { name: 'Next' }).click();

    // Step 3: the self-help group follows race, the rates follow the CPF type and the birth date.
    const paymentStep = page.getByRole('form', { name: 'Payment Information' });
    await expect(paymentStep.getByLabel('Self-Help Group').inputValue()).resolves.toBe('MBMF');
    // Typed as amounts are printed, with a thousands separator (issue 34).
    await paymentStep.getByLabel('Basic Salary').fill('4,100');
    await paymentStep.getByLabel('CPF Type').selectOption('SINGAPORE CITIZEN');
    await paymentStep.getByLabel('CPF Section').selectOption('NONE');
    await expect(paymentStep.getByLabel('Employee CPF Rate (%)').inputValue()).resolves.toBe('20');
    await expect(paymentStep.getByLabel('Employer CPF Rate (%)').inputValue()).resolves.toBe('17');
    await paymentStep.getByLabel('Bank Name').selectOption('DBS');
    await paymentStep.getByLabel('Account No').fill('0123456789');
    await shot(page, 'onboard-step3-1280');
    // Previous and Next again: each step is as the admin left it.
    await paymentStep.getByRole('button', { name: 'Previous' }).click();
    await expect(employmentStep.getByLabel('Designation').inputValue()).resolves.toBe('Accounts Executive');
    await employmentStep.getByRole('button', { name: 'Next' }).click();
    await expect(paymentStep.getByLabel('Basic Salary').inputValue()).resolves.toBe('4,100');
    await expect(paymentStep.getByLabel('Account No').inputValue()).resolves.toBe('0123456789');
    await paymentStep.getByRole('button', { name: 'Next' }).click();

    const leaveStep = page.getByRole('form', { name: 'Leave Allowance' });
    // Issue 17: prefilled with this year's entitlement for the hire date (2 Nov: 1 completed month of the
    // Act's 7 days is 0.58, which MOM rounds up to 1); still editable, and a value left empty is refused.
    await expect(leaveStep.getByLabel('Annual Leave').inputValue()).resolves.toBe('1');
    // Issue 34: she (step 1) is prefilled the CDCA's 16 weeks of maternity leave and no paternity leave.
    await expect(leaveStep.getByLabel('Maternity Leave').inputValue()).resolves.toBe('112');
    await expect(leaveStep.getByLabel('Paternity Leave').inputValue()).resolves.toBe('0');
    await leaveStep.getByLabel('Annual Leave').fill('');
    await leaveStep.getByRole('button', { name: 'Submit' }).click();
    await leaveStep.getByText('Please fill in for all leave types.').waitFor();
    await shot(page, 'onboard-step4-refused-1280');
    await expect(leaveStep.getByLabel('Unpaid Leave').count()).resolves.toBe(0);
    for (const input of await leaveStep.locator('input[type="number"]').all()) await input.fill('7');
    await leaveStep.getByLabel('Annual Leave').fill('14.5');
    await shot(page, 'onboard-step4-1280');
    await leaveStep.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'User onboarded successfully').waitFor();
    await page.waitForURL('**/admin/users');
    await page.getByRole('searchbox', { name: 'Search staff' }).fill('Siti');
    const row = page
      .getByRole('table', { name: 'Staff' })
      .locator('tbody tr')
      .filter({ hasText: 'Siti Nurhaliza' });
    await row.waitFor();
    await row.getByText('Active').waitFor();
    const stored = await db.query(
      'select total_days from leave_balances b join leave_types t on t.id = b.leave_type_id where b.user_id = $1 and t.name = $2',
      [userId, 'Annual Leave'],
    );
    expect(Number(stored.rows[0]?.total_days)).toBe(14.5);
    const salary = await db.query('select basic_salary_cents from payment_info where user_id = $1', [userId]);
    expect(Number(salary.rows[0]?.basic_salary_cents)).toBe(410_000);
  });

  it('edits payment info on user detail and keeps it', async () => {
    const page = await signInAsAdmin();
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search staff' }).fill('Tan Wei');
    const row = page
      .getByRole('table', { name: 'Staff' })
      .locator('tbody tr')
      .filter({ hasText: 'Tan Wei Ming' });
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await page.getByRole('tab', { name: 'Payment' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Payment' });
    await panel.getByRole('button', { name: 'Edit Payment Information' }).click();
    const form = panel.getByRole('form', { name: 'Payment Information' });
    await expect(form.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    // A field left wrong says so beside it (spec section 5), before any Save.
    await form.getByLabel('Basic Salary').fill('0');
    await form.getByLabel('Basic Salary').press('Tab');
    await form.getByText('Salary must be more than 0.').waitFor();
    await expect(form.getByLabel('Basic Salary').getAttribute('aria-invalid')).resolves.toBe('true');
    await shot(page, 'user-detail-payment-invalid-1280');
    await form.getByLabel('Basic Salary').fill('6450.75');
    await expect(form.getByText('Salary must be more than 0.').count()).resolves.toBe(0);
    await expect(form.getByRole('button', { name: 'Save' }).isEnabled()).resolves.toBe(true);
    await shot(page, 'user-detail-payment-edit-1280');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Payment Info Updated').waitFor();
    await panel.getByText('$6,450.75').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Payment' }).click();
    await page.getByRole('tabpanel', { name: 'Payment' }).getByText('$6,450.75').waitFor();
  });

  it('refuses to delete a user with processed payslips and says why', async () => {
    const { rows } = await db.query("select id from users where full_name = 'Rajesh s/o Kumar'");
    const userId = rows[0]?.id as number;
    await db.query(
      `insert into payslips (user_id, year, month, status, basic_salary_snapshot_cents, pay_date, processed_at)
       values ($1, 2026, 10, 'PROCESSED', 850000, '2026-10-28', now())
       on conflict do nothing`,
      [userId],
    );
    const page = await signInAsAdmin();
    await page.goto(`/admin/users/${userId}`);
    await page.getByRole('heading', { name: 'Rajesh s/o Kumar' }).waitFor();
    // The user's menu (each leave request row has one of its own, 'Actions for ...').
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete User' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await toast(page, 'Error').waitFor();
    await toast(page, 'Error').getByText('Failed to delete user').waitFor();
    await page.getByText(/Set the employment status to Resigned instead\.$/).waitFor();
    const still = await db.query('select count(*)::int as n from users where id = $1', [userId]);
    expect(still.rows[0]?.n).toBe(1);
  });

  it('shows My profile with its tabs on a phone, and user detail and onboarding at 390 px', async () => {
    const page = await signInAsAdmin({ width: 390, height: 844 });
    const { rows } = await db.query("select id from users where full_name = 'Chloe Fernandez'");
    await page.goto(`/admin/users/${rows[0]?.id}`);
    await page.getByRole('tab', { name: 'Staff' }).waitFor();
    await shot(page, 'user-detail-390');
    await expect(accessibilityProblems(page)).resolves.toEqual([]);
    const { rows: fresh } = await db.query("select id from users where full_name = 'Wong Kar Yan'");
    await page.goto(`/admin/onboard/${fresh[0]?.id}`);
    await page.getByRole('form', { name: 'Staff Information' }).waitFor();
    await shot(page, 'onboard-step1-390');
    await page.getByRole('form', { name: 'Staff Information' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please fill in all compulsory fields.').first().waitFor();
    await expect(accessibilityProblems(page)).resolves.toEqual([]);

    // An NRIC/FIN already on someone's record: the server refuses it after step 4, and the wizard opens
    // step 1 again with the message beside the field, everything else as it was typed.
    const { rows: taken } = await db.query('select nric from staff_info where user_id = $1', [rows[0]?.id]);
    const takenMessage = 'This NRIC/FIN is already registered to another staff member.';
    const step1 = page.getByRole('form', { name: 'Staff Information' });
    await step1.getByLabel('NRIC/FIN').fill(String(taken[0]?.nric));
    await step1.getByLabel('Date of Birth').fill('05/05/1995');
    await step1.getByLabel('Race').selectOption('Chinese');
    await step1.getByLabel('Nationality').selectOption('SINGAPORE CITIZEN');
    await step1.getByRole('button', { name: 'Next' }).click();
    const step2 = page.getByRole('form', { name: 'Employment Information' });
    await step2.getByLabel('Designation').fill('Payroll Assistant');
    await step2.getByLabel('Hire Date').fill('01/10/2026');
    await step2.getByLabel('Pass Type').selectOption('Singapore');
    await step2.getByLabel('Employment Type').selectOption('Full Time');
    await step2.getByRole('button', { name: 'Next' }).click();
    const step3 = page.getByRole('form', { name: 'Payment Information' });
    await step3.getByLabel('Basic Salary').fill('3000');
    await step3.getByLabel('CPF Type').selectOption('SINGAPORE CITIZEN');
    await step3.getByLabel('CPF Section').selectOption('NONE');
    await step3.getByRole('button', { name: 'Next' }).click();
    const step4 = page.getByRole('form', { name: 'Leave Allowance' });
    for (const input of await step4.locator('input[type="number"]').all()) await input.fill('7');
    await step4.getByRole('button', { name: 'Submit' }).click();
    await toast(page, takenMessage).waitFor();
    await step1.getByText(takenMessage).waitFor();
    await expect(step1.getByLabel('NRIC/FIN').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(step1.getByLabel('Race').inputValue()).resolves.toBe('Chinese');
    await shot(page, 'onboard-nric-taken-390');
    await page.goto('/admin/register');
    await page.getByRole('form', { name: 'Register a New Account' }).waitFor();
    await shot(page, 'register-390');
    await expect(accessibilityProblems(page)).resolves.toEqual([]);

    const staffPage = await e2e.newPage(PHONE);
    await staffPage.goto('/login');
    await staffPage.getByLabel('Email').fill('chloe.fernandez@company.test');
    await staffPage.getByLabel('Password', { exact: true }).fill('Staff@12345');
    await staffPage.getByRole('button', { name: 'Login', exact: true }).click();
    await staffPage.waitForURL('**/staff');
    await staffPage.goto('/staff/profile');
    const staffTab = staffPage.getByRole('tabpanel', { name: 'Staff' });
    await staffTab.getByRole('button', { name: 'Edit Staff Information' }).waitFor();
    // Staff change their own staff info only: the other tabs have no pencil.
    await staffPage.getByRole('tab', { name: 'Payment' }).click();
    await expect(
      staffPage.getByRole('tabpanel', { name: 'Payment' }).getByRole('button', { name: /^Edit/ }).count(),
    ).resolves.toBe(0);
    await shot(staffPage, 'my-profile-390');
    await expect(accessibilityProblems(staffPage)).resolves.toEqual([]);
    await staffPage.setViewportSize({ width: 1280, height: 800 });
    await staffPage.getByRole('tab', { name: 'Staff' }).click();
    await shot(staffPage, 'my-profile-1280');
  });
});
