/**
 * The first visit of a reader whose browser prefers another language than Chinese: a bar offering English, in
 * English, beside "继续使用中文". Either answer is their language choice from then on (language.ts), so it shows once.
 */
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { offersEnglish } from '../i18n/language';

export function LanguageOffer() {
  const { i18n } = useTranslation();
  const [open, setOpen] = useState(offersEnglish);
  if (!open) return null;
  const en = i18n.getFixedT('en');
  const zh = i18n.getFixedT('zh');
  const answer = (lng: 'zh' | 'en') => {
    void setLanguage(lng);
    setOpen(false);
  };
  return (
    <div className="language-offer" role="region" aria-label={en('common.language')} lang="en">
      <span>{en('common.languageOffer.text')}</span>
      <Space wrap>
        <Button type="primary" size="small" onClick={() => answer('en')}>
          {en('common.languageOffer.switch')}
        </Button>
        <Button size="small" lang="zh-CN" onClick={() => answer('zh')}>
          {zh('common.languageOffer.keep')}
        </Button>
      </Space>
    </div>
  );
}
