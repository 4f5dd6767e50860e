import { lazy, Suspense, type ComponentProps } from 'react';
import { Loader } from '@mantine/core';

// ECharts is loaded only when a chart is shown (its own chunk).
const EChartLazy = lazy(async () => ({ default: (await import('./charts.tsx')).EChart }));

/** {@link EChart} loaded on first use. */
export function Chart(props: ComponentProps<typeof EChartLazy>) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <EChartLazy {...props} />
    </Suspense>
  );
}

/** The option builders, loaded with the chart module. */
export const loadOptions = () => import('./charts.tsx');
