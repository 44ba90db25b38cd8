import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { expectToast } from '../machines/harness';
import { formModel, type Values } from './form.model';

/**
 * The Register a New Account form of /admin/register (spec sections 2, 5 and 7): Full Name, Email, a role
 * (ADMIN: full administrative control over employees; STAFF: basic employee access) and a Temporary
 * Password; all required ('All fields are required.'), the e-mail the company's own ('Email must be a
 * valid @ company-domain email.', from the server for another domain), a name the CPF file can carry;
 * POST /auth/register; 'User created!', and a STAFF account goes on to /admin/onboard/{id}.
 */
const ALL_REQUIRED = 'All fields are required.';
const filled = (value: string | undefined) => (value ?? '').trim() !== '';
// The screen cannot know the company's domain (the server's setting): it refuses what is no e-mail address
// at all with the spec's message, and the server refuses another domain with the same words.
const emailShaped = (email: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim());
/**
 * Issue 32.7: a name goes into the CPF file, which refuses these characters anywhere (statutory facts
 * 1.2), so the form refuses them beside the field (docs/statutory-files.md, "Names").
 */
const CPF_REFUSES = '_+$<>:;?!=[]`^|"~';
const nameError = (name: string) => {
  const refused = [...new Set([...name].filter((char) => CPF_REFUSES.includes(char)))];
  if (refused.length === 0) return undefined;
  const quoted = refused.map((char) => `"${char}"`).join(', ');
  return `Remove ${quoted} from the name: the CPF file does not accept ${refused.length === 1 ? 'it' : 'them'}.`;
};

export const REGISTERED_ID = 41;
const form = () => screen.queryByRole('form', { name: 'Register a New Account' });

export const registerUserForm = formModel({
  id: 'registerUser',
  form,
  labels: { fullName: 'Full Name', email: 'Email', password: 'Temporary Password' },
  others: ['role'],
  showsOthers(page, model) {
    expect(page).toHaveTextContent('Full administrative control over employees');
    expect(page).toHaveTextContent('Basic employee access');
    for (const role of ['ADMIN', 'STAFF']) {
      const radio = page.querySelector<HTMLInputElement>(`input[name="role"][value="${role}"]`);
      expect(radio?.checked, `${role} checked`).toBe(model.values.role === role);
    }
    if (model.errors.role) expect(page).toHaveTextContent(model.errors.role);
  },
  initialValues: { fullName: '', email: '', role: '', password: '' },
  errors: (v: Values) => ({
    fullName: filled(v.fullName) ? nameError(v.fullName ?? '') : ALL_REQUIRED,
    email: !filled(v.email)
      ? ALL_REQUIRED
      : emailShaped(v.email ?? '')
        ? undefined
        : 'Email must be a valid @ company-domain email.',
    role: v.role ? undefined : ALL_REQUIRED,
    password: v.password ? undefined : ALL_REQUIRED,
  }),
  submitLabel: 'Register',
  sendingLabel: 'Processing...',
  request: {
    method: 'POST',
    path: '/api/auth/register',
    okStatus: 201,
    body: (v) => ({ fullName: v.fullName, email: v.email, role: v.role, password: v.password }),
  },
  showsOpen(_app, model) {
    expect(window.location.pathname).toBe('/admin/register');
    // The server's message is the toast's title (it also stays above the button).
    if (model.answered === 'refused') {
      const titles = [...document.querySelectorAll('[data-scope="toast"][data-part="title"]')];
      expect(titles.map((t) => t.textContent)).toContain(model.refusal);
    }
  },
  showsDone() {
    expect(window.location.pathname).toBe(`/admin/onboard/${REGISTERED_ID}`);
    expectToast('User created!');
  },
});
