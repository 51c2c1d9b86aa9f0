/**
 * Adds the mock editor's texts to the app's resources. Its modules import this, so the texts arrive with the
 * editor's chunk, before any of its components renders.
 */
import { i18n } from '.';
import { mockEn } from './mock.en';
import { mockZh } from './mock.zh';

i18n.addResourceBundle('zh', 'translation', { mock: mockZh }, true, false);
i18n.addResourceBundle('en', 'translation', { mock: mockEn }, true, false);
