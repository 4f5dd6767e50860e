// The English texts of the screens that can appear before any catalog has been fetched (the start error, the
// loader label). Only these sections are bundled (named JSON imports are tree-shaken); every other text comes
// from GET /api/site/translations/{locale}.
// @ec/i18n exports no JSON subpath, hence the relative path to the source catalog.
import { app, common, errors } from '../../../../../packages/i18n/locales/en.json';
import type { Catalog } from '@ec/i18n';

/** Start-up texts in English, used as i18next's fallback until (or if never) a catalog loads. */
export const fallbackMessages: Catalog = { app, common, errors };
