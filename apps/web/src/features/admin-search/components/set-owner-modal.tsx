import { useEffect, useState } from 'react';
import { Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ControllerSearchItem } from '@ec/contract';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { ModalForm } from '../../../shared/ui/submit-form.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/ui/use-debounced-text.ts';
import { searchQueryOptions, setControllerOwner } from '../api/search-api.ts';
import classes from './search-results.module.css';

/** Users offered at once in the owner search. */
const OWNER_CHOICES = 10;
const NO_OWNER = 'none';

/**
 * Sets a controller's owner (spec 001 §6 "set controller owner"): a search over the users of the controller's
 * company, one to pick (or no owner), then POST /api/controllers/:id/owner.
 */
export function SetOwnerModal({
  controller,
  opened,
  onClose,
}: {
  controller: ControllerSearchItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const current = controller.owner ? String(controller.owner.id) : NO_OWNER;
  const [choice, setChoice] = useState(current);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const users = useQuery({
    ...searchQueryOptions('users', { q, companyId: controller.company.id, page: 1 }, OWNER_CHOICES),
    enabled: opened,
  });

  const save = useMutation({
    mutationFn: (userId: number | null) => setControllerOwner(queryClient, controller.id, userId),
    onSuccess: () => {
      showToast({ color: 'green', message: t('admin_search.owner_saved') });
      close();
    },
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'admin_search.action_error') }),
  });
  const close = () => {
    setText('');
    setQ('');
    setChoice(current);
    save.reset();
    onClose();
  };

  const found = users.data?.items ?? [];
  // The current owner stays choosable even when the search does not find them.
  const owner = controller.owner;
  const showOwner = owner !== null && !found.some((u) => u.id === owner.id);

  return (
    <ModalForm
      opened={opened}
      onClose={close}
      title={t('admin_search.set_owner_title', { name: controller.alias || controller.serial })}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(choice === NO_OWNER ? null : Number(choice));
      }}
      pending={save.isPending}
      error={save.isError ? submitErrorText(save.error, t, 'admin_search.action_error') : null}
      submitLabel={t('common.save')}
      submitDisabled={choice === current}
    >
      <TextInput
        type="search"
        label={t('admin_search.owner_search')}
        description={t('admin_search.owner_search_hint', { company: controller.company.name })}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={users.isFetching ? <Loader size="xs" /> : undefined}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      <Radio.Group
        label={t('admin_search.owner')}
        value={choice}
        onChange={setChoice}
        className={classes.options}
      >
        <Stack gap="xs" mt="xs">
          <Radio value={NO_OWNER} label={t('admin_search.no_owner')} />
          {showOwner && (
            <Radio value={String(owner.id)} label={`${owner.fullName} (${owner.email})`} />
          )}
          {found.map((user) => (
            <Radio
              key={user.id}
              value={String(user.id)}
              label={`${user.fullName || user.email} (${user.email})`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {users.isError && (
        <Text size="sm" c="red" role="alert">
          {submitErrorText(users.error, t, 'admin_search.load_error')}
        </Text>
      )}
      {users.isSuccess && found.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          {t('admin_search.no_results')}
        </Text>
      )}
    </ModalForm>
  );
}
