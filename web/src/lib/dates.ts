import dayjs from 'dayjs';

/** Spec section 9's date format, the same in every language. */
const DATE_FORMAT = 'YYYY/MM/DD HH:mm:ss';

export const formatDate = (iso: string | null | undefined) => (iso ? dayjs(iso).format(DATE_FORMAT) : '');
