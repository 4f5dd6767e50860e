import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { PasswordHints } from './password-hints.tsx';

const i18n = createTestI18n();

function hints(password: string, email?: string) {
  renderWithProviders(<PasswordHints id="h" password={password} email={email} />, { i18n });
  const list = within(screen.getByTestId('password-hints'));
  const rule = (text: RegExp) => list.getByText(text).closest('li');
  return {
    minLength: rule(/At least 10 characters/),
    notEmail: rule(/Not your e-mail address/),
    lettersAndDigits: rule(/Letters and digits/),
    strength: list.getByText(/Password strength/).textContent,
  };
}

describe('PasswordHints (domain password rules)', () => {
  it('shows every rule unmet and "too weak" for a short password', () => {
    const h = hints('abc');
    expect(h.minLength).not.toHaveAttribute('data-met');
    expect(h.lettersAndDigits).not.toHaveAttribute('data-met');
    expect(h.minLength).toHaveTextContent('(not met yet)');
    expect(h.strength).toBe('Password strength: too weak');
  });

  it('ticks the rules a password meets', () => {
    const h = hints('sunshine2024x', 'ana@example.com');
    expect(h.minLength).toHaveAttribute('data-met');
    expect(h.notEmail).toHaveAttribute('data-met');
    expect(h.lettersAndDigits).toHaveAttribute('data-met');
    expect(h.minLength).toHaveTextContent('(met)');
    expect(h.strength).toBe('Password strength: good');
  });

  it("flags a password that contains the e-mail's name part", () => {
    const h = hints('anamarija2024', 'anamarija@example.com');
    expect(h.notEmail).not.toHaveAttribute('data-met');
    expect(h.strength).toBe('Password strength: too weak');
  });

  it('lists the e-mail rule as a reminder when the form does not know the address', () => {
    const h = hints('sunshine2024x');
    expect(h.notEmail).not.toHaveAttribute('data-met');
    expect(h.notEmail).toHaveAttribute('data-unknown');
    expect(h.notEmail).not.toHaveTextContent(/met/);
  });

  it('accepts a long passphrase without digits and rates it higher', () => {
    const h = hints('correct horse battery staple', 'ana@example.com');
    expect(h.lettersAndDigits).toHaveAttribute('data-met');
    expect(h.strength).toBe('Password strength: strong');
  });
});
