/**
 * Adds the plug-in's texts to the app's resources. Its modules import this, so the texts arrive with their chunk,
 * before any of its components renders.
 */
import { i18n } from '.';
import { pluginEn } from './plugin.en';
import { pluginZh } from './plugin.zh';

i18n.addResourceBundle('zh', 'translation', { plugin: pluginZh }, true, false);
i18n.addResourceBundle('en', 'translation', { plugin: pluginEn }, true, false);
