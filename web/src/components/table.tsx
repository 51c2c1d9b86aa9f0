/**
 * What the app's lists on antd's Table share: the same paging rule, rows named for assistive technology (and
 * for tests, which find a row by what it shows), and a person shown as avatar and name.
 */
import { Avatar } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { imageUrl } from '../config';

const PAGE_SIZE = 50;

/** Long lists page by fifty; a shorter one shows whole, with no pager. */
export const pagedBy = (rows: number) => (rows > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false);

/** Row attributes for `onRow`: each row's accessible name is what it shows, plus any other attributes. */
export const namedRows =
  <T,>(name: (row: T) => string, more?: (row: T) => HTMLAttributes<HTMLElement>) =>
  (row: T) =>
    // antd types `onRow`'s answer for the cells too; a row's aria-label and drag handlers are valid on a <tr>.
    ({ ...more?.(row), 'aria-label': name(row) }) as never;

/** A person in a list: their avatar (or initial) and nickname, then anything that marks them (a "you" tag). */
export function PersonName({ nickname, avatar, children }: { nickname: string; avatar: string | null | undefined; children?: ReactNode }) {
  return (
    <span className="member-name">
      <Avatar size={24} src={imageUrl(avatar)} alt="" aria-hidden>
        {nickname.slice(0, 1)}
      </Avatar>
      <span>{nickname}</span>
      {children}
    </span>
  );
}
