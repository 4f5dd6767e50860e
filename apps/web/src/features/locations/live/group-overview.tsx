import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupLiveQueryOptions, useGroupLiveStream } from '../../../entities/live/index.ts';
import { locationGroupQueryOptions } from '../../../entities/location-group/index.ts';
import { ErrorState } from '../../../shared/ui/states.tsx';
import { EnergyFlow } from './energy-flow.tsx';
import { LiveHeading, LiveSkeleton, LiveStatus, TodayTotals } from './live-parts.tsx';
import classes from './live.module.css';

/**
 * A location group's default page (flexibility): the group's live flow summed over the locations the user may see,
 * with how many of them are online, and today's totals. The flexibility content itself comes with a later issue
 * (said in a note, not faked).
 */
export function GroupOverview({ groupId, groupName }: { groupId: number; groupName?: string }) {
  const { t } = useTranslation();
  const group = useQuery(locationGroupQueryOptions(groupId));
  const live = useQuery(groupLiveQueryOptions(groupId));
  const stream = useGroupLiveStream(groupId, live.isSuccess);
  const title = t('route_titles.flexibility');
  const subject = groupName ?? group.data?.name;

  if (live.isPending) {
    return (
      <Stack gap="lg">
        <LiveHeading title={title} subject={subject} />
        <LiveSkeleton />
      </Stack>
    );
  }
  if (live.isError) {
    return (
      <Stack gap="lg">
        <LiveHeading title={title} subject={subject} />
        <ErrorState
          error={live.error}
          onRetry={() => void live.refetch()}
          notFoundKey="frame.group_missing"
          errorKey="live.load_error"
        />
      </Stack>
    );
  }
  const data = live.data;
  const offline = data.onlineCount === 0;
  return (
    <Stack gap="lg">
      <LiveHeading
        title={title}
        subject={subject}
        aside={
          data.locationsCount > 0 && (
            <LiveStatus status={stream.status} time={data.flows.time} offline={offline} />
          )
        }
      />
      <Text size="sm" data-testid="group-counts">
        {t('live.group.counts', { total: data.locationsCount, online: data.onlineCount })}
      </Text>
      {data.locationsCount === 0 ? (
        <Paper withBorder radius="md" p="xl" role="status">
          <Text ta="center" size="sm" c="dimmed">
            {t('live.group.empty')}
          </Text>
        </Paper>
      ) : (
        <div className={classes.layout}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="group-flow">
            <Title order={2} size="h4" mb="sm" id="group-flow">
              {t('live.group.flow_title')}
            </Title>
            <EnergyFlow
              powers={data.flows.current}
              moving={!offline && data.flows.time !== null}
              stale={offline}
            />
          </Paper>
          <TodayTotals flows={data.flows} />
        </div>
      )}
      <Text size="sm" c="dimmed" data-testid="flexibility-note">
        {t('live.group.later_note')}
      </Text>
    </Stack>
  );
}
