import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEVICE_CATEGORIES, type DeviceCategory } from '@ec/domain';

/** The name, category and device-group fields of a device form (the device page, adopting a discovered device). */
export function DeviceFields(props: {
  labels: { name: string; category: string; deviceGroupId: string };
  errors: {
    name?: string | undefined;
    category?: string | undefined;
    deviceGroupId?: string | undefined;
  };
  name: string;
  onName: (value: string) => void;
  category: DeviceCategory;
  onCategory: (value: DeviceCategory) => void;
  group: string;
  onGroup: (value: string) => void;
  groupOptions: { value: string; label: string }[];
  groupsLoading: boolean;
  autofocusName?: boolean;
}) {
  const { t } = useTranslation();
  const { labels, errors } = props;
  return (
    <>
      <TextInput
        label={labels.name}
        name="name"
        required
        data-autofocus={props.autofocusName || undefined}
        value={props.name}
        onChange={(event) => props.onName(event.currentTarget.value)}
        error={errors.name}
      />
      <Select
        label={labels.category}
        name="category"
        required
        allowDeselect={false}
        data={DEVICE_CATEGORIES.map((c) => ({ value: c, label: t(`device_category.${c}`) }))}
        value={props.category}
        onChange={(value) => value && props.onCategory(value as DeviceCategory)}
        error={errors.category}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={labels.deviceGroupId}
        name="deviceGroupId"
        allowDeselect={false}
        data={props.groupOptions}
        value={props.group}
        onChange={(value) => value && props.onGroup(value)}
        error={errors.deviceGroupId}
        disabled={props.groupsLoading}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
