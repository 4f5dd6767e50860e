import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import classes from './pricing.module.css';

/** A pricing page outside the Manage Location frame: its title (h1), what it is about, and the content. */
export function PricingPage({
  title,
  subject,
  children,
}: {
  title: string;
  subject?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} className={classes.text}>
          {title}
        </Title>
        {subject && (
          <Text c="dimmed" mt={4} component="div" className={classes.text}>
            {subject}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}
