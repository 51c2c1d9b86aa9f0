/**
 * Adds the export page's texts to the app's resources. Its modules import this, so the texts arrive with the
 * page's chunk, before any of its components renders.
 */
import { i18n } from '.';
import { exportsEn } from './exports.en';
import { exportsZh } from './exports.zh';

i18n.addResourceBundle('zh', 'translation', { exports: exportsZh }, true, false);
i18n.addResourceBundle('en', 'translation', { exports: exportsEn }, true, false);
