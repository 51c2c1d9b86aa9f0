/**
 * Adds the interface test runner's texts to the app's resources. Its modules import this, so the texts arrive with
 * the runner's chunk, before any of its components renders.
 */
import { i18n } from '.';
import { runnerEn } from './runner.en';
import { runnerZh } from './runner.zh';

i18n.addResourceBundle('zh', 'translation', { runner: runnerZh }, true, false);
i18n.addResourceBundle('en', 'translation', { runner: runnerEn }, true, false);
