import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from './index';
import './tokens';

describe('loading English after a feature chunk added its own English texts', () => {
  it('still brings the main English texts, and keeps the chunk’s', async () => {
    // tokens.ts (imported above, as its page's chunk would be) has put its English texts in before English loaded.
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    await loadLanguage('en');
    const en = i18n.getFixedT('en');
    expect(en('docs.notes.binned')).toBe('Moved to the bin');
    expect(en('docs.notes.binned')).not.toBe(i18n.getFixedT('zh')('docs.notes.binned'));
    expect(Object.keys(i18n.getResourceBundle('en', 'translation') as object)).toContain('tokens');
  });
});
