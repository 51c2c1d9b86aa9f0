/** Adds the Tokens and Sync tabs' texts to the app's resources, with their page's chunk (as exports.ts does). */
import { i18n } from '.';
import { tokensEn } from './tokens.en';
import { tokensZh } from './tokens.zh';

i18n.addResourceBundle('zh', 'translation', { tokens: tokensZh }, true, false);
i18n.addResourceBundle('en', 'translation', { tokens: tokensEn }, true, false);
