import { DevMailbox } from '../../features/dev-mailbox/components/dev-mailbox.tsx';
import classes from './dev-mailbox-route.module.css';

/** /dev/mailbox: a plain full-width page, public (the server answers 404 when the mailbox is off). */
export function DevMailboxRoute() {
  return (
    <main id="main-content" tabIndex={-1} className={classes.main}>
      <DevMailbox />
    </main>
  );
}
