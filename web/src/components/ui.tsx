/** Small building blocks shared by every page: fields, buttons, dialogs and empty states. */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../shared/messages';
import { setLanguage } from '../i18n';
import { Icon, type IconName } from './icons';

export function Field(props: {
  label: string;
  error?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children(id, props.error ? errorId : undefined)}
      {props.error ? (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      ) : props.hint ? (
        <p className="field-hint">{props.hint}</p>
      ) : null}
    </div>
  );
}

export function EmptyState(props: { title: string; description?: string; action?: ReactNode; icon?: IconName }) {
  return (
    <div className="empty-state">
      <div className="empty-icon">
        <Icon name={props.icon ?? 'inbox'} size={44} />
      </div>
      <h3>{props.title}</h3>
      {props.description ? <p>{props.description}</p> : null}
      {props.action}
    </div>
  );
}

export function Dialog(props: { title: string; open: boolean; onClose: () => void; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog ref={ref} className="dialog" onClose={props.onClose} aria-label={props.title}>
      <header className="dialog-header">
        <h2>{props.title}</h2>
        <button type="button" className="icon-button" onClick={props.onClose} aria-label="×">
          ×
        </button>
      </header>
      <div className="dialog-body">{props.children}</div>
      {props.footer ? <footer className="dialog-footer">{props.footer}</footer> : null}
    </dialog>
  );
}

/** A dialog around a form, with Cancel and a submit button; the submit handler receives no event. */
export function FormDialog(props: {
  title: string;
  open: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void> | void;
  submitLabel: string;
  busy?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={props.title} open={props.open} onClose={props.onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void props.onSubmit();
        }}
        noValidate
      >
        {props.children}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`button ${props.danger ? 'button-danger' : 'button-primary'}`} disabled={props.busy}>
            {props.submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-switch">
      <span className="sr-only">{t('common.language')}</span>
      <select value={i18n.language} onChange={(e) => setLanguage(e.target.value as Locale)} aria-label={t('common.language')}>
        {LOCALES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`common.languages.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Logo({ small }: { small?: boolean }) {
  return (
    <span className={`logo${small ? ' logo-small' : ''}`}>
      <img src="/favicon.svg" alt="" width={small ? 22 : 30} height={small ? 22 : 30} />
      <span>Apiloom</span>
    </span>
  );
}

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="progressbar" aria-label={t('common.loading')}>
      <span />
    </div>
  );
}
