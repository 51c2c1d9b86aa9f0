/**
 * Adds the import page's texts to the app's resources. Its modules import this, so the texts arrive with the
 * page's chunk, before any of its components renders.
 */
import { i18n } from '.';
import { importsEn } from './imports.en';
import { importsZh } from './imports.zh';

i18n.addResourceBundle('zh', 'translation', { imports: importsZh }, true, false);
i18n.addResourceBundle('en', 'translation', { imports: importsEn }, true, false);
