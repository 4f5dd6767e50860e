import { Text } from '@mantine/core';
import type { SiteInfo } from '@ec/contract';

/** The site's logo, or its platform name as text when it has none. */
export function SiteLogo({ site, height = 40 }: { site: SiteInfo; height?: number }) {
  if (site.logo) {
    return (
      <img src={site.logo} alt={site.platformName} height={height} style={{ maxWidth: '100%' }} />
    );
  }
  return (
    <Text component="span" fw={700} fz="xl">
      {site.platformName}
    </Text>
  );
}
