import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconLanguage } from '../../../shared/ui/icons.ts';
import { languageName, SUPPORTED_LOCALES } from '../locale-choice.ts';
import { useLocaleSwitch } from './language-switcher.tsx';

/** Tooltips open on hover and on keyboard focus (the icon's name for sighted keyboard users). */
const TOOLTIP_EVENTS = { hover: true, focus: true, touch: false } as const;

/**
 * The language switcher as an icon with a menu, for the sidebar footer's icon row (`placement` 'top') or the
 * collapsed 50 px sidebar ('right').
 */
export function LanguageMenu({
  identifier,
  placement = 'right',
  className,
}: {
  identifier: string | undefined;
  placement?: 'right' | 'top';
  className?: string;
}) {
  const { t } = useTranslation();
  const { current, pending, choose } = useLocaleSwitch(identifier);
  const label = t('common.language');
  const currentName = current ? languageName(current) : '';
  return (
    <Menu position={placement === 'right' ? 'right-end' : 'top-start'} shadow="md" width={220}>
      <Menu.Target>
        <Tooltip
          label={`${label}: ${currentName}`}
          position={placement}
          withArrow
          openDelay={100}
          events={TOOLTIP_EVENTS}
        >
          <ActionIcon
            variant="subtle"
            size="lg"
            className={className}
            aria-label={`${label}: ${currentName}`}
            loading={pending}
          >
            <IconLanguage size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah="min(60vh, 480px)" style={{ overflowY: 'auto' }}>
        <Menu.Label>{label}</Menu.Label>
        {SUPPORTED_LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            rightSection={locale === current ? <IconCheck size={16} aria-hidden /> : undefined}
            onClick={() => void choose(locale)}
          >
            {languageName(locale)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
