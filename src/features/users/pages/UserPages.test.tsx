// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EdgeFunctionError } from '../../../lib/edge-functions';
import { applyLanguage, translator } from '../../../lib/i18n/catalogue';
import { englishLeft, pageWords } from '../../../test/page-words';
import { cleanupInEnglish, renderPageAt } from '../../../test/render-page';
import { inviteUser } from '../api';
import type { Person } from '../schema';
import { answerWords, translateUserMessage } from '../words';
import { userMessages } from '../messages';
import { OwnProfilePage } from './OwnProfilePage';
import { UserDetailPage } from './UserDetailPage';
import { UsersListPage } from './UsersListPage';

const person: Person = {
  id: 'u2',
  tenant_id: 't1',
  email: 'ines@example.test',
  first_name: 'Inés',
  last_name: 'Ruiz',
  full_name: 'Inés Ruiz',
  phone: '+34 600 000 000',
  panel_type: 'dispatcher',
  roles: ['dispatcher'],
  user_type: 'business',
  status: 'invited',
  avatar_url: null,
  created_at: '2026-11-21T10:00:00Z',
};

vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { id: 'u1', email: 'ada@example.test', profile: { tenant_id: 't1' } } }) }));
vi.mock('../api', () => ({
  listUsers: vi.fn(async () => ({ rows: [person], total: 1 })),
  getUser: vi.fn(async (_tenant: string, id: string) => (id === 'u1' ? { ...person, id: 'u1', full_name: 'Ada Admin', first_name: 'Ada', last_name: 'Admin', email: 'ada@example.test' } : person)),
  inviteUser: vi.fn(),
  changeUserRole: vi.fn(),
  deactivateUser: vi.fn(),
  reactivateUser: vi.fn(),
  resendInvite: vi.fn(),
  updateOwnProfile: vi.fn(),
  uploadAvatar: vi.fn(),
  changeOwnPassword: vi.fn(),
}));

afterEach(cleanupInEnglish);

const renderList = () => renderPageAt('/users', '/users', <UsersListPage />, () => screen.findByText('ines@example.test', undefined, { timeout: 5000 }));
const renderDetail = () => renderPageAt('/users/u2/detail', '/users/:id/detail', <UserDetailPage addressTab={() => null} history={() => null} apiKeysTab={() => null} webhooksTab={() => null} />, () => screen.findByTestId('user-cover-name', undefined, { timeout: 5000 }));
const renderProfile = () => renderPageAt('/profile', '/profile', <OwnProfilePage />, () => screen.findByDisplayValue('Ada', undefined, { timeout: 5000 }));

/** Opens the invite dialog from the list and submits it empty, so its fields say their messages. */
async function inviteEmpty() {
  const invite = screen.getAllByRole('button').find((button) => /Invite|Invitar|Inviter/.test(button.textContent ?? ''))!;
  await act(async () => {
    fireEvent.click(invite);
  });
  const form = await screen.findByRole('form', undefined, { timeout: 5000 });
  await act(async () => {
    fireEvent.submit(form);
  });
  await screen.findAllByText(/required|obligatori|obligatoire/);
}

/** Submits the profile's password form empty. */
async function passwordEmpty() {
  const forms = screen.getAllByRole('form');
  await act(async () => {
    fireEvent.submit(forms[forms.length - 1]);
  });
  await screen.findAllByText(/required|obligatori|obligatoire/);
}

/** English words of the users' screens that must not survive a translation (Actions, Webhooks, Client are French too). */
const ENGLISH = [
  'Users',
  'Dashboard',
  'Name',
  'Email',
  'Phone',
  'Role',
  'User type',
  'Status',
  'Created',
  'Dispatcher',
  'Business',
  'Invited',
  'Invite user',
  'Search name, email or phone',
  'About',
  'Profile',
  'Addresses',
  'API Keys',
  'History',
  'User sections',
  'User',
  'Actions for',
  'Send invitation',
  'They get an email',
  'First name',
  'Last name',
  'Optional',
  'Customer',
  'Other',
  'Cancel',
  'is required',
  'Signed in as',
  'Details',
  'Password',
  'Avatar',
  'up to 3 MB',
  'At least 10 digits',
  'Save profile',
  'Change password',
  'New password',
  'Confirm new password',
  'Confirm your new password',
];

describe('the users’ screens', () => {
  it('keep the spec’s English', async () => {
    await renderList();
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Dispatcher')).toBeInTheDocument();
    expect(screen.getByText('Nov 21, 2026')).toBeInTheDocument();
    await inviteEmpty();
    for (const message of ['Email is required', 'First name is required', 'Last name is required']) expect(screen.getByText(message)).toBeInTheDocument();
    cleanup();
    await renderDetail();
    expect(screen.getByRole('heading', { name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'API Keys' })).toBeInTheDocument();
    cleanup();
    await renderProfile();
    expect(screen.getByText('Signed in as ada@example.test')).toBeInTheDocument();
    await passwordEmpty();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it.each([
    ['es', ['Usuarios', 'Invitar usuario', 'Despachador', 'Invitado', 'Información', 'Claves de API', 'Enviar invitación', 'El correo electrónico es obligatorio', 'Sesión iniciada como ada@example.test', 'La contraseña es obligatoria', '21 nov 2026']],
    ['fr', ['Utilisateurs', 'Inviter un utilisateur', 'Répartiteur', 'Invité', 'À propos', 'Clés d’API', 'Envoyer l’invitation', 'L’e-mail est obligatoire', 'Connecté en tant que ada@example.test', 'Le mot de passe est obligatoire', '21 nov. 2026']],
  ] as const)('speak %s with no English left', async (language, words) => {
    await act(() => applyLanguage(language));
    let text = '';
    await renderList();
    await inviteEmpty();
    text += pageWords();
    cleanup();
    await renderDetail();
    text += pageWords();
    cleanup();
    await renderProfile();
    await passwordEmpty();
    text += pageWords();
    for (const word of words) expect(text).toContain(word);
    expect(englishLeft(text, ENGLISH)).toEqual([]);
  });

  it('word admin-users’ answers and refusals in the page’s language, and unknown ones as the server does', async () => {
    const es = translator(userMessages, 'es', (await userMessages.load.es()).default);
    const en = translator(userMessages, 'en', userMessages.en);
    const fr = translator(userMessages, 'fr', (await userMessages.load.fr()).default);
    const roleNow = { message: 'Inés Ruiz is now Driver', key: 'users.role_now', params: { name: 'Inés Ruiz', role: 'driver' } };
    expect(answerWords(es, roleNow)).toBe('Inés Ruiz ahora es Conductor');
    expect(answerWords(fr, roleNow)).toBe('Inés Ruiz est désormais Chauffeur');
    const again = { message: 'Invitation sent again to ines@example.test', key: 'users.invited_again', params: { email: 'ines@example.test' } };
    expect(answerWords(es, again)).toBe('Invitación enviada de nuevo a ines@example.test');
    expect(answerWords(fr, again)).toBe('Invitation renvoyée à ines@example.test');
    expect(answerWords(fr, { message: 'Invitation sent to a@example.test', key: 'users.invited', params: { email: 'a@example.test' } })).toBe('Invitation envoyée à a@example.test');
    expect(answerWords(fr, { message: 'Ada is already Admin', key: 'users.role_already', params: { name: 'Ada', role: 'admin' } })).toBe('Ada est déjà Administrateur');
    expect(answerWords(fr, { message: 'Ada was reactivated', key: 'users.reactivated', params: { name: 'Ada' } })).toBe('Ada a été réactivé');
    expect(answerWords(en, { message: 'Inés Ruiz was deactivated', key: 'users.deactivated', params: { name: 'Inés Ruiz' } })).toBe('Inés Ruiz was deactivated');
    // An unknown key, or a known one without its params, shows the server's English.
    expect(answerWords(es, { message: 'Something new', key: 'users.something_new', params: {} })).toBe('Something new');
    expect(answerWords(es, { message: 'Inés Ruiz is now Driver', key: 'users.role_now' })).toBe('Inés Ruiz is now Driver');
    expect(answerWords(es, { message: 'Inés Ruiz is now Driver' })).toBe('Inés Ruiz is now Driver');
    expect(translateUserMessage(es, 'Must be at most 100 characters', { maxLength: 100 })).toBe('Debe tener como máximo 100 caracteres');
    expect(translateUserMessage(fr, 'Must be at most 100 characters', { maxLength: 100 })).toBe('100 caractères maximum');
  });

  it.each([
    ['es', 'Ya hay un usuario registrado con este correo electrónico'],
    ['fr', 'Un utilisateur avec cette adresse e-mail est déjà inscrit'],
    ['en', 'A user with this email address has already been registered'],
  ] as const)('show admin-users’ keyed refusal under its field in %s', async (language, words) => {
    const english = 'A user with this email address has already been registered';
    vi.mocked(inviteUser).mockRejectedValueOnce(
      new EdgeFunctionError(english, { status: 409, code: 'email_exists', key: 'users.email_taken', details: [{ field: 'email', key: 'users.email_taken', message: english }] }),
    );
    await act(() => applyLanguage(language));
    await renderList();
    const invite = screen.getAllByRole('button').find((button) => /Invite|Invitar|Inviter/.test(button.textContent ?? ''))!;
    await act(async () => {
      fireEvent.click(invite);
    });
    const form = await screen.findByRole('form', undefined, { timeout: 5000 });
    const boxes = within(form).getAllByRole('textbox');
    for (const [index, value] of ['taken@example.test', 'Ana', 'Gil'].entries()) fireEvent.change(boxes[index], { target: { value } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(await screen.findByText(words, undefined, { timeout: 5000 })).toBeInTheDocument();
    if (language !== 'en') expect(screen.queryByText(english)).toBeNull();
  });

  it('show a refusal whose key this build does not know as the server words it', async () => {
    vi.mocked(inviteUser).mockRejectedValueOnce(new EdgeFunctionError('Validation failed', { status: 422, code: 'x', details: [{ field: 'email', key: 'users.some_newer_rule', message: 'A newer rule' }] }));
    await act(() => applyLanguage('es'));
    await renderList();
    const invite = screen.getAllByRole('button').find((button) => /Invitar/.test(button.textContent ?? ''))!;
    await act(async () => {
      fireEvent.click(invite);
    });
    const form = await screen.findByRole('form', undefined, { timeout: 5000 });
    const boxes = within(form).getAllByRole('textbox');
    for (const [index, value] of ['new@example.test', 'Ana', 'Gil'].entries()) fireEvent.change(boxes[index], { target: { value } });
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(await screen.findByText('A newer rule', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
