import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/support/render-screen.tsx';
import { type PostedForm, postedFormScript } from '../../../domain/posted-form.ts';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

/** The page as the server sent it after a plain form post: its state in a data block. */
function servedWith(state: PostedForm): void {
  document.body.insertAdjacentHTML('beforeend', postedFormScript(state));
}

describe('a public page drawn again by the server after a plain form post', () => {
  it('is drawn from the posted state on its own address only, once', async () => {
    servedWith({
      path: '/user/register',
      values: { unconfirmed_email: 'ana@example.com', fullname: 'Ana </script> Técnica' },
      failure: {
        status: 422,
        error: 'unprocessable_entity',
        reason: { password_confirmation: ["doesn't match"], terms: ['must be accepted'] },
      },
    });

    // Another page keeps to itself.
    const login = renderScreen(<LoginPage />, { path: '/user/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText("doesn't match")).toBeNull();
    login.unmount();

    // The page posted to: the messages under their fields, the fields as sent.
    const first = renderScreen(<RegisterPage />, { path: '/user/register' });
    expect(await screen.findByText("doesn't match")).toBeTruthy();
    expect(screen.getByText('must be accepted')).toBeTruthy();
    expect(screen.getByLabelText(/E-mail/)).toHaveProperty('value', 'ana@example.com');
    expect(screen.getByLabelText(/Full name/)).toHaveProperty('value', 'Ana </script> Técnica');
    first.unmount();

    // Opened again within the app: a fresh form.
    renderScreen(<RegisterPage />, { path: '/user/register' });
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.queryByText("doesn't match")).toBeNull();
    expect(screen.getByLabelText(/E-mail/)).toHaveProperty('value', '');
  });
});
