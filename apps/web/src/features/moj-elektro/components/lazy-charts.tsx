import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
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

/** The chart module's option builders. */
export type ChartModule = Awaited<ReturnType<typeof loadOptions>>;

/**
 * A chart option built once the chart module has loaded, rebuilt when `build` changes (wrap it in useCallback);
 * null while loading. A late load after unmount or a newer build is dropped.
 */
export function useChartOption(build: (m: ChartModule) => object): object | null {
  const [option, setOption] = useState<object | null>(null);
  useEffect(() => {
    let live = true;
    void loadOptions().then((m) => {
      if (live) setOption(build(m));
    });
    return () => {
      live = false;
    };
  }, [build]);
  return option;
}
