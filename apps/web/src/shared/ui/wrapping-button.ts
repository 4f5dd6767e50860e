import classes from './wrapping-button.module.css';

/** Mantine `classNames` for a Button whose label wraps instead of being cut off at narrow widths. */
export const wrappingButtonClassNames = { root: classes.root, label: classes.label };
