/**
 * A parameter row with only its name and type said: not required, no example, no description, no children, and
 * its name as its id unless `extra` gives one. `extra` sets any other field. Imports build their rows with it
 * (shared/import/build.ts); tests write their rows with it.
 */
import type { ParamItem } from './document';

export const paramRow = (name: string, type: ParamItem['type'], extra: Partial<ParamItem> = {}): ParamItem => ({
  id: name,
  name,
  type,
  required: false,
  value: '',
  description: '',
  children: [],
  ...extra,
});
