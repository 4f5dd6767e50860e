import { useMemo, useState } from 'react';
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimePlanDto } from '@ec/contract';
import {
  addVersion,
  FIRST_VERSION,
  removeVersion,
  versionsOf,
  weekOf,
  withWeek,
  type PlanDraft,
} from '../model/plan-draft.ts';
import { versionLabel } from '../model/format.ts';
import { WeekGrid } from './week-grid.tsx';
import classes from './time-of-use.module.css';

/**
 * The week grid of a saved season and slot version. Only saved seasons are offered (spec 001 §4); a new version
 * from a date starts as a copy of the one before it.
 */
export function SlotsTab({
  plan,
  draft,
  onChange,
  editable,
}: {
  plan: TimePlanDto;
  draft: PlanDraft;
  onChange: (draft: PlanDraft) => void;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [seasonId, setSeasonId] = useState<number | null>(plan.seasons[0]?.id ?? null);
  const [version, setVersion] = useState(FIRST_VERSION);
  const [newVersion, setNewVersion] = useState('');
  const [versionError, setVersionError] = useState<string | null>(null);
  // The painting block by position (null: the eraser): a save gives new blocks their ids, the position stays.
  const [blockIndex, setBlockIndex] = useState<number | null>(0);

  // Memoised on the draft's blocks: the grid's rows compare it to skip re-rendering.
  const gridBlocks = useMemo(
    () => draft.blocks.map((b) => ({ id: b.key, title: b.title, color: b.color })),
    [draft.blocks],
  );

  const season = plan.seasons.find((s) => s.id === seasonId) ?? plan.seasons[0];
  if (!season) {
    return <Text size="sm">{t('time_of_use.slots.no_season')}</Text>;
  }
  if (draft.blocks.length === 0) {
    return <Text size="sm">{t('time_of_use.slots.no_block')}</Text>;
  }
  const versions = versionsOf(draft, season.id);
  const current = versions.includes(version) ? version : (versions[0] ?? FIRST_VERSION);
  const week = weekOf(draft, season.id, current);
  const selected =
    blockIndex === null ? null : ((draft.blocks[blockIndex] ?? draft.blocks[0])?.key ?? null);

  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(newVersion)) {
      setVersionError(t('validation.required', { field: t('time_of_use.slots.new_version') }));
      return;
    }
    const next = addVersion(draft, season.id, newVersion);
    if (!next) {
      setVersionError(t('time_of_use.slots.version_exists'));
      return;
    }
    onChange(next);
    setVersion(newVersion);
    setNewVersion('');
    setVersionError(null);
  };

  return (
    <Stack gap="sm">
      <div className={classes.itemRow}>
        <Select
          label={t('time_of_use.slots.season')}
          data={plan.seasons.map((s) => ({ value: String(s.id), label: s.title }))}
          value={String(season.id)}
          onChange={(value) => value && setSeasonId(Number(value))}
          allowDeselect={false}
        />
        <Select
          label={t('time_of_use.slots.version')}
          data={versions.map((v) => ({ value: v, label: versionLabel(v, t, i18n.language) }))}
          value={current}
          onChange={(value) => value && setVersion(value)}
          allowDeselect={false}
        />
        {editable && (
          <>
            <TextInput
              type="date"
              label={t('time_of_use.slots.new_version')}
              value={newVersion}
              onChange={(e) => {
                setNewVersion(e.currentTarget.value);
                setVersionError(null);
              }}
              error={versionError}
            />
            <Button variant="default" onClick={add}>
              {t('time_of_use.slots.add_version')}
            </Button>
            {current !== versions[0] && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  onChange(removeVersion(draft, season.id, current));
                  setVersion(versions[0] ?? FIRST_VERSION);
                }}
              >
                {t('time_of_use.slots.remove_version')}
              </Button>
            )}
          </>
        )}
      </div>
      {current !== versions[0] && (
        <Text size="xs" c="dimmed">
          {t('time_of_use.slots.later_version_hint')}
        </Text>
      )}
      <WeekGrid
        week={week}
        blocks={gridBlocks}
        selectedBlockId={selected}
        onSelectBlock={(key) =>
          setBlockIndex(key === null ? null : draft.blocks.findIndex((b) => b.key === key))
        }
        onChange={(next) => onChange(withWeek(draft, season.id, current, next))}
        label={`${plan.title} · ${season.title} · ${versionLabel(current, t, i18n.language)}`}
        readOnly={!editable}
      />
    </Stack>
  );
}
