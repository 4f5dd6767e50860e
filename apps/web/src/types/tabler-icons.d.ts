// Deep imports of single Tabler icons (see shared/ui/icons.ts) have no declaration files of their own.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  import type { Icon } from '@tabler/icons-react';
  const icon: Icon;
  export default icon;
}
