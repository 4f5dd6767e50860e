import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { CountryGate, countryMessageKey } from './moj-elektro-layout.tsx';

const i18n = createTestI18n();

describe('Moj Elektro is for users in Slovenia', () => {
  it('picks the message by the user country', () => {
    expect(countryMessageKey(null)).toBe('moj_elektro.no_country');
    expect(countryMessageKey('')).toBe('moj_elektro.no_country');
    expect(countryMessageKey('AT')).toBe('moj_elektro.not_available_in_country');
    expect(countryMessageKey('SI')).toBeNull();
  });

  it('shows the screens to a user in Slovenia', () => {
    renderWithProviders(<CountryGate countryCode="SI">screens</CountryGate>, { i18n });
    expect(screen.getByText('screens')).toBeInTheDocument();
  });

  it('tells a user without a country to set one instead of the screens', () => {
    renderWithProviders(<CountryGate countryCode={null}>screens</CountryGate>, { i18n });
    expect(screen.queryByText('screens')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You have no country set. Set your country in your profile to use external services.',
    );
    expect(screen.getByRole('link', { name: 'Set your country' })).toHaveAttribute(
      'href',
      '/user/info',
    );
  });

  it('tells a user elsewhere that there are no external services for the country', () => {
    renderWithProviders(<CountryGate countryCode="HR">screens</CountryGate>, { i18n });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There are no external services for your country yet.',
    );
  });
});
