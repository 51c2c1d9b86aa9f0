/**
 * dayjs in the app's language, for what names months and weekdays (the date pickers): the locale follows the
 * language switch. Loaded with the first screen that picks a date, not with every page (the sign-in page shows none).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from '../i18n';

const apply = (lng: string) => dayjs.locale(lng === 'zh' ? 'zh-cn' : 'en');
apply(i18n.language);
i18n.on('languageChanged', apply);

export default dayjs;
export type { Dayjs } from 'dayjs';
