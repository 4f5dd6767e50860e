import { DevMailbox } from '../../features/dev-mailbox/components/dev-mailbox.tsx';
import classes from './dev-mailbox-route.module.css';

/**
 * /dev/mailbox: a plain full-width page, public; the server decides who may read it (its own machine, a signed-in
 * super admin or DEV_MAILBOX=open) and answers 404 to everyone else.
 */
export function DevMailboxRoute() {
  return (
    <main id="main-content" tabIndex={-1} className={classes.main}>
      <DevMailbox />
    </main>
  );
}
