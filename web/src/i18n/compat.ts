/**
 * Adds the compatibility report's texts to the app's resources. Its modules import this, so the texts arrive with
 * the page's chunk, before any of its components renders.
 */
import { i18n } from '.';
import { compatEn } from './compat.en';
import { compatZh } from './compat.zh';

i18n.addResourceBundle('zh', 'translation', { compat: compatZh }, true, false);
i18n.addResourceBundle('en', 'translation', { compat: compatEn }, true, false);
