/** Adds the notification channels tab's texts to the app's resources, with its page's chunk (as tokens.ts does). */
import { i18n } from '.';
import { channelsEn } from './channels.en';
import { channelsZh } from './channels.zh';

i18n.addResourceBundle('zh', 'translation', { channels: channelsZh }, true, false);
i18n.addResourceBundle('en', 'translation', { channels: channelsEn }, true, false);
