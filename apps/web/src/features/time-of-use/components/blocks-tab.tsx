import { ActionIcon, Button, ColorInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addBlock, removeBlock, updateBlock, type PlanDraft } from '../model/plan-draft.ts';
import { IconPlus, IconTrash } from '../icons.ts';
import classes from './time-of-use.module.css';

/** The most blocks a plan has (the contract's TIME_PLAN_BLOCKS_MAX; not imported, to keep zod out of the chunk). */
const BLOCKS_MAX = 12;
/** Colours offered to new blocks in turn (distinct enough for the grid in the light and dark themes). */
const PALETTE = [
  '#e8590c',
  '#1c7ed6',
  '#2f9e44',
  '#f08c00',
  '#7048e8',
  '#c2255c',
  '#0c8599',
  '#5c940d',
];

/**
 * The plan's blocks (title and colour), in position order: what the week grid paints and what prices follow. Changes
 * stay in the draft until Save; deleting a block empties the cells it held.
 */
export function BlocksTab({
  draft,
  onChange,
  editable,
}: {
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const add = () =>
    onChange(
      addBlock(
        draft,
        t('time_of_use.blocks.default_title', { n: draft.blocks.length + 1 }),
        PALETTE[draft.blocks.length % PALETTE.length] ?? '#1c7ed6',
      ),
    );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('time_of_use.blocks.hint')}
      </Text>
      {draft.blocks.length === 0 && <Text size="sm">{t('time_of_use.blocks.empty')}</Text>}
      <ol className={classes.plainList} aria-label={t('time_of_use.tabs.blocks')}>
        {draft.blocks.map((block, index) => (
          <li key={block.key} className={classes.itemRow}>
            <TextInput
              label={t('time_of_use.blocks.title_n', { n: index + 1 })}
              value={block.title}
              required
              readOnly={!editable}
              maxLength={100}
              error={
                block.title.trim() === ''
                  ? t('validation.required', { field: t('time_of_use.blocks.title') })
                  : undefined
              }
              onChange={(e) =>
                onChange(
                  updateBlock(draft, block.key, {
                    title: e.currentTarget.value,
                    color: block.color,
                  }),
                )
              }
            />
            <ColorInput
              label={t('time_of_use.blocks.color_n', { n: index + 1 })}
              format="hex"
              value={block.color}
              readOnly={!editable}
              onChange={(color) =>
                onChange(updateBlock(draft, block.key, { title: block.title, color }))
              }
            />
            {editable && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('time_of_use.blocks.delete', { title: block.title })}
                onClick={() => onChange(removeBlock(draft, block.key))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </li>
        ))}
      </ol>
      {editable && (
        <div>
          <Button
            variant="default"
            leftSection={<IconPlus size={18} aria-hidden />}
            disabled={draft.blocks.length >= BLOCKS_MAX}
            onClick={add}
          >
            {t('time_of_use.blocks.add')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
