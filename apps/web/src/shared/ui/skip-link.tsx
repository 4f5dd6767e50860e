import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The first focusable element: jumps past the navigation to the page content (#main-content). */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      className={classes.skipLink}
      onClick={(event) => {
        const main = document.getElementById(target);
        if (!main) return;
        // Focus (not just scroll) so the next Tab continues inside the content.
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t('app.skip_to_content')}
    </a>
  );
}
