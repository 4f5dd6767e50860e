import { useState } from 'react';
import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface CookieSettingsDialogProps {
  opened: boolean;
  analyticsInitially: boolean;
  onClose: () => void;
  onSave: (analyticsCookies: boolean) => void;
}

/** Customize: necessary cookies shown fixed on, analytics switchable, Save (spec 001 §2). */
export function CookieSettingsDialog({
  opened,
  analyticsInitially,
  onClose,
  onSave,
}: CookieSettingsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cookies.settings_title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      // Above the cookie banner, which floats over the page.
      zIndex={400}
    >
      {/* Remounted per opening so the switch starts from the stored choice. */}
      {opened && <CookieSettingsForm analyticsInitially={analyticsInitially} onSave={onSave} />}
    </Modal>
  );
}

function CookieSettingsForm({
  analyticsInitially,
  onSave,
}: Pick<CookieSettingsDialogProps, 'analyticsInitially' | 'onSave'>) {
  const { t } = useTranslation();
  const [analytics, setAnalytics] = useState(analyticsInitially);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(analytics);
      }}
    >
      <Stack gap="lg">
        <Switch
          checked
          disabled
          readOnly
          label={t('cookies.necessary_label')}
          description={t('cookies.necessary_description')}
        />
        <Switch
          checked={analytics}
          onChange={(event) => setAnalytics(event.currentTarget.checked)}
          label={t('cookies.analytics_label')}
          description={t('cookies.analytics_description')}
        />
        <Group justify="flex-end">
          <Button type="submit">{t('cookies.save_choice')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
