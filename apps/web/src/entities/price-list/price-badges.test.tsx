import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../shared/test/i18n.ts';
import { ActiveBadge, PriceKindBadge } from './price-badges.tsx';

const i18n = createTestI18n();
const show = (ui: React.ReactElement) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </I18nextProvider>,
  );

describe('ActiveBadge', () => {
  it('says Active for the list in force', () => {
    show(<ActiveBadge active validFrom="2026-01-01" today="2026-11-28" />);
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('tells a past list from one that starts later', () => {
    show(
      <>
        <ActiveBadge active={false} validFrom="2025-01-01" today="2026-11-28" />
        <ActiveBadge active={false} validFrom="2027-01-01" today="2026-11-28" />
      </>,
    );
    expect(screen.getByText('Ended')).toBeInTheDocument();
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });
});

describe('PriceKindBadge', () => {
  it('names the kind', () => {
    show(<PriceKindBadge kind="TIME_OF_USE" />);
    expect(screen.getByText('Time of use')).toBeInTheDocument();
  });
});
