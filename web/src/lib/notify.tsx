/**
 * Toasts from anywhere, including the API client outside React: antd's message API, bound to the app's theme and
 * locale by a holder rendered once inside the ConfigProvider.
 */
import { Button, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect, useRef } from 'react';

let instance: MessageInstance | undefined;
const current = () => instance ?? message;
let nextKey = 1;

export const notify = {
  error: (content: string) => void current().error(content),
  success: (content: string) => void current().success(content),
  info: (content: string) => void current().info(content),
  /** Work in progress: stays until `done` is called with the returned key. */
  progress: (content: string) => {
    const key = `progress-${nextKey++}`;
    void current().loading({ content, key, duration: 0 });
    return key;
  },
  done: (key: string) => current().destroy(key),
  /** A success that belongs to the page it was shown on: `done(key)` when the page goes (see useToastsOfPage). */
  successHere: (content: string) => {
    const key = `here-${nextKey++}`;
    void current().success({ content, key });
    return key;
  },
  /** A success that can be taken back for a few seconds: the toast carries a button that runs `undo` (once). */
  undoable: (content: string, undoLabel: string, undo: () => void) => {
    const key = `undo-${nextKey++}`;
    void current().open({
      type: 'success',
      key,
      duration: 8,
      content: (
        <span className="toast-undo">
          {content}
          <Button
            type="link"
            size="small"
            onClick={() => {
              current().destroy(key);
              undo();
            }}
          >
            {undoLabel}
          </Button>
        </span>
      ),
    });
  },
};

/** The page's own toasts (`notify.successHere`), closed when the page is left: they do not follow the user on. */
export function useToastsOfPage() {
  const keys = useRef<string[]>([]);
  useEffect(() => {
    const shown = keys.current;
    return () => shown.forEach((key) => notify.done(key));
  }, []);
  return (content: string) => keys.current.push(notify.successHere(content));
}

export function NotifyHolder() {
  const [api, holder] = message.useMessage({ maxCount: 4 });
  useEffect(() => {
    instance = api;
    return () => {
      instance = undefined;
    };
  }, [api]);
  return holder;
}
