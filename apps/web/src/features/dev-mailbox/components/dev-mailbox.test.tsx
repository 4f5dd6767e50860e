import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@ec/i18n';
import { answer, apiError, fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { DevMailbox } from './dev-mailbox.tsx';

const i18n = createTestI18n();

const newest = {
  id: 2,
  to: 'bor@example.com',
  subject: 'Reset your password',
  kind: 'PASSWORD_RESET',
  createdAt: '2025-03-02T10:00:00.000Z',
};
const older = {
  id: 1,
  to: 'ana@example.com',
  subject: 'Confirm your e-mail address',
  kind: 'EMAIL_VERIFICATION',
  createdAt: '2025-03-01T09:00:00.000Z',
};
const entries = [newest, older];

const message = (entry: typeof newest, link: string) => ({
  ...entry,
  from: 'Cloud <no-reply@example.com>',
  text: `Hello,\n${link}\n`,
  html: `<p>Hello <a href="${link}">link</a></p><script>parent.alert(1)</script>`,
  links: [link, 'http://127.0.0.1/support'],
});

const list = answer('GET', '/api/dev/mailbox', 200, { data: { messages: entries } });
const detail = (entry: typeof newest, link: string) =>
  answer('GET', `/api/dev/mailbox/${entry.id}`, 200, {
    data: { message: message(entry, link) },
  });

describe('DevMailbox', () => {
  it('lists the messages newest first and shows the newest one', async () => {
    fakeFetch(list, detail(newest, 'http://127.0.0.1/auth/reset-password?token=abc'));
    renderWithProviders(<DevMailbox />, { i18n, path: '/dev/mailbox' });

    const nav = await screen.findByRole('navigation', { name: 'Development mailbox' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Reset your password'),
      expect.stringContaining('Confirm your e-mail address'),
    ]);
    expect(buttons[0]).toHaveTextContent('bor@example.com');
    expect(buttons[0]).toHaveTextContent(formatDateTime('en', '2025-03-02T10:00:00.000Z'));

    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', 'http://127.0.0.1/auth/reset-password?token=abc');
  });

  it('shows the chosen message: sender, links, text and HTML in a sandboxed frame', async () => {
    const link = 'http://127.0.0.1/auth/token-validation?token=xyz';
    const calls = fakeFetch(list, detail(newest, 'http://127.0.0.1/x'), detail(older, link));
    const { router } = renderWithProviders(<DevMailbox />, {
      i18n,
      path: '/dev/mailbox?identifier=demo',
    });

    await userEvent.click(await screen.findByRole('button', { name: /Confirm your e-mail/ }));

    expect(
      await screen.findByRole('heading', { name: 'Confirm your e-mail address' }),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?identifier=demo&id=1');
    expect(screen.getByRole('button', { name: /Confirm your e-mail/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByText('From').nextElementSibling).toHaveTextContent(
      'Cloud <no-reply@example.com>',
    );
    expect(screen.getByText('To').nextElementSibling).toHaveTextContent('ana@example.com');
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      link,
      'http://127.0.0.1/support',
    ]);
    expect(screen.getByText(/Hello,/, { selector: 'pre' })).toHaveTextContent(link);
    const frame = screen.getByTitle('HTML version');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(`href="${link}"`);
    expect(calls.map((c) => c.call)).toContain('GET /api/dev/mailbox/1');
  });

  it('explains a 404 (off, another machine, or not a super admin) and offers sign-in back to it', async () => {
    fakeFetch(answer('GET', '/api/dev/mailbox', 404, apiError('NOT_FOUND', 'errors.NOT_FOUND')));
    renderWithProviders(<DevMailbox />, { i18n, path: '/dev/mailbox' });
    expect(
      await screen.findByText(
        /The development mailbox is not available\..*super admin.*DEV_MAILBOX=open/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in as a super admin' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fdev%2Fmailbox',
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says when there are no messages yet, and refreshes', async () => {
    const calls = fakeFetch(answer('GET', '/api/dev/mailbox', 200, { data: { messages: [] } }));
    renderWithProviders(<DevMailbox />, { i18n, path: '/dev/mailbox' });
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(calls.filter((c) => c.call === 'GET /api/dev/mailbox')).toHaveLength(2);
  });

  it('offers to try again after another failure', async () => {
    const calls = fakeFetch(
      answer('GET', '/api/dev/mailbox', 500, apiError('INTERNAL', 'errors.INTERNAL')),
    );
    renderWithProviders(<DevMailbox />, { i18n, path: '/dev/mailbox' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(calls).toHaveLength(2);
  });
});
