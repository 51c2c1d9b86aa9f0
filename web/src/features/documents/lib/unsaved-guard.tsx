/**
 * Leaving a document with unsaved changes asks first: a link, the tree, the back button or cancel (through the
 * router's blocker), and a reload or a closed tab (through beforeunload, where the browser asks in its own words).
 */
import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

export function useUnsavedGuard(dirty: boolean) {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  const released = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('docs.unsavedTitle')}
      okText={t('docs.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('docs.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{t('docs.unsavedText')}</p>
    </Modal>
  );

  /** Lets the next navigation through without asking (after a save). */
  const release = () => {
    released.current = true;
  };
  return { dialog, release };
}
