/** Adds the comments' and the bell's texts to the app's resources, with the chunks that show them (as tokens.ts does). */
import { i18n } from '.';
import { bellEn } from './bell.en';
import { bellZh } from './bell.zh';
import { commentsEn } from './comments.en';
import { commentsZh } from './comments.zh';

i18n.addResourceBundle('zh', 'translation', { comments: commentsZh, bell: bellZh }, true, false);
i18n.addResourceBundle('en', 'translation', { comments: commentsEn, bell: bellEn }, true, false);
