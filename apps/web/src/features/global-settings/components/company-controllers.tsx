import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ControllerSearchItem } from '@ec/contract';
import {
  companyControllersQueryOptions,
  ConnectionBadge,
} from '../../../entities/controller/index.ts';
import { controllerPath } from '../paths.ts';
import { CompanyListPage } from './company-list-page.tsx';
import classes from './global-settings.module.css';

function ControllerRow({
  controller,
  companyId,
}: {
  controller: ControllerSearchItem;
  companyId: number;
}) {
  const { t } = useTranslation();
  return (
    <li className={classes.row}>
      <div className={classes.rowMain}>
        <Group gap="xs" wrap="wrap">
          <Anchor
            component={Link}
            to={controllerPath(companyId, controller.id)}
            fw={600}
            className={classes.text}
          >
            {controller.alias ?? controller.serial}
          </Anchor>
          <Badge variant="outline" color="gray">
            {t(`global_settings.controllers.setup_types.${controller.setupType}`)}
          </Badge>
          <ConnectionBadge connected={controller.connected} />
        </Group>
        <Text size="sm" c="dimmed" className={classes.mono}>
          {controller.serial}
        </Text>
        <Text size="sm" c="dimmed" className={classes.text}>
          {[
            controller.location?.name ?? t('global_settings.controllers.no_location'),
            controller.owner
              ? t('global_settings.controllers.owned_by', {
                  name: controller.owner.fullName || controller.owner.email,
                })
              : t('global_settings.no_owner'),
          ].join(' · ')}
        </Text>
      </div>
      <Badge variant="light" color="gray">
        {t('global_settings.devices_count', { count: controller.devicesCount })}
      </Badge>
    </li>
  );
}

/**
 * A company's controllers ("oem devices", the Devices link of the global-settings sidebar): setup type
 * (controller, P1 WiFi, gateway; spec 001 §9), connection, location and owner; searchable and paged.
 */
export function CompanyControllers({ companyId }: { companyId: number | null }) {
  const { t } = useTranslation();
  return (
    <CompanyListPage
      companyId={companyId}
      title={t('global_settings.devices')}
      keys="global_settings.controllers"
      listQuery={companyControllersQueryOptions}
      renderRow={(controller, id) => (
        <ControllerRow key={controller.id} controller={controller} companyId={id} />
      )}
    />
  );
}
