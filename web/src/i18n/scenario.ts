/**
 * Adds the scenario screens' texts to the app's resources. Their modules import this, so the texts arrive with the
 * scenarios' chunk, before any of its components renders.
 */
import { i18n } from '.';
import { scenarioEn } from './scenario.en';
import { scenarioZh } from './scenario.zh';

i18n.addResourceBundle('zh', 'translation', { scenario: scenarioZh }, true, false);
i18n.addResourceBundle('en', 'translation', { scenario: scenarioEn }, true, false);
