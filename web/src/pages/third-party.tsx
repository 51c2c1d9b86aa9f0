/**
 * The pages that finish a third-party sign-in (issue 25): the provider's callback, binding a phone for a new
 * person, and the redirect to `f` (an address leaving our origin only through the external-link notice).
 */
import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '@shared/constants';
import { phoneSchema } from '@shared/schemas/account';
import { usePhoneBindSignIn, useSendCode, useThirdPartyBind, useThirdPartySignIn } from '../features/auth/api/account';
import { useAfterLogin } from '../features/auth/api/session';
import { CodeField } from '../features/auth/components/code-field';
import { errorMessage, showServerError, zodRule } from '../lib/form';
import { notify } from '../lib/notify';
import { useTitle } from '../lib/title';
import { paths } from '../paths';

interface BindState {
  ticket: string;
  provider: ThirdPartyProvider;
  nickname: string;
  f: string | null;
}

const isProvider = (p: string | null | undefined): p is ThirdPartyProvider => THIRD_PARTY_PROVIDERS.includes(p as ThirdPartyProvider);

/** `/login/callback/{provider}/login|bind` (and `/login/callback?provider=&type=`): hands the provider's answer to the API once. */
export function CallbackPage() {
  const { t } = useTranslation();
  useTitle(t('thirdParty.working'));
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailure] = useState<string>();
  const { mutateAsync: bind } = useThirdPartyBind();
  const { mutateAsync: signIn } = useThirdPartySignIn();
  // The state is good once: a second render's effect (StrictMode, a re-mount) must not spend it again.
  const sent = useRef(false);
  const provider = params.provider ?? search.get('provider');
  const type = params.type ?? search.get('type') ?? 'login';
  const valid = isProvider(provider) && (type === 'login' || type === 'bind');
  const failure = valid ? failed : t('error.thirdPartyStateInvalid');

  useEffect(() => {
    if (sent.current || !isProvider(provider) || (type !== 'login' && type !== 'bind')) return;
    sent.current = true;
    const query = {
      state: search.get('state') ?? '',
      ...(search.get('code') ? { code: search.get('code')! } : {}),
      ...(search.get('error') ? { error: search.get('error')! } : {}),
    };
    const done =
      type === 'bind'
        ? bind({ params: { x: provider }, query }).then(() => {
            notify.success(t('thirdParty.bound', { provider: t(`thirdParty.${provider}`) }));
            void navigate(paths.profile.href('relation'), { replace: true });
          })
        : signIn({ params: { x: provider }, query }).then((r) => {
            if (r.result === 'signedIn') {
              void navigate(paths.thirdParty.redirect(r.f), { replace: true });
            } else {
              const state: BindState = { ticket: r.ticket, provider: r.provider, nickname: r.nickname, f: r.f };
              void navigate(paths.thirdParty.bind(), { replace: true, state });
            }
          });
    done.catch((err: unknown) => setFailure(errorMessage(err)));
  }, [navigate, provider, search, t, type, bind, signIn]);

  return (
    <div className="auth-card">
      <h1 className="auth-title">{failure ? t('thirdParty.failed') : t('thirdParty.working')}</h1>
      {failure ? (
        <>
          <Alert className="auth-alert" type="error" role="alert" showIcon title={failure} />
          <p className="auth-links">
            <Link to={paths.login.href()}>{t('thirdParty.again')}</Link>
            <Link to={paths.home.href()}>{t('common.home')}</Link>
          </p>
        </>
      ) : (
        <Spin />
      )}
    </div>
  );
}

interface BindValues {
  phone: string;
  code: string;
}

/** `/login/bind`: a person new to us binds a phone (a new account, or the one that phone has) and is signed in. */
export function BindPage() {
  const { t } = useTranslation();
  useTitle(t('thirdParty.bindTitle'));
  const location = useLocation();
  const afterLogin = useAfterLogin();
  const [form] = Form.useForm<BindValues>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const bindPhone = usePhoneBindSignIn();
  const sendCode = useSendCode('code.send');
  const pending = location.state as BindState | null;

  if (!pending?.ticket) {
    return (
      <div className="auth-card">
        <h1 className="auth-title">{t('thirdParty.bindTitle')}</h1>
        <Alert className="auth-alert" type="warning" showIcon title={t('thirdParty.bindExpired')} />
        <p className="auth-links">
          <Link to={paths.login.href()}>{t('thirdParty.again')}</Link>
        </p>
      </div>
    );
  }

  async function submit(values: BindValues) {
    setBusy(true);
    setFailure(undefined);
    try {
      await bindPhone.mutateAsync({ body: { ticket: pending!.ticket, phone: values.phone.trim(), code: values.code } });
      afterLogin(pending!.f);
    } catch (err) {
      if ((err as { data?: { fields?: unknown } }).data?.fields) showServerError(form, err);
      else setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('thirdParty.bindTitle')}</h1>
      <Typography.Paragraph>
        {t('thirdParty.bindText', { provider: t(`thirdParty.${pending.provider}`), nickname: pending.nickname })}
      </Typography.Paragraph>
      <Form<BindValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="phone" label={t('thirdParty.phone')} rules={[zodRule(phoneSchema)]}>
          <Input autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <CodeField
          from="phone"
          request={(phone) => sendCode.mutateAsync({ body: { purpose: 'BIND_PHONE', target: phone.trim() } })}
          onSent={() => notify.success(t('thirdParty.codeSent'))}
          errorAt="code"
        />
        {failure ? <Alert className="auth-alert" type="error" role="alert" title={failure} /> : null}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('thirdParty.bindSubmit')}
        </Button>
      </Form>
    </div>
  );
}

/** `/login/redirect?f=`: where a finished sign-in goes; `f` off our origin only through the external-link notice. */
export function RedirectPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const afterLogin = useAfterLogin();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    afterLogin(search.get('f'));
  }, [afterLogin, search]);
  return (
    <div className="auth-card">
      <h1 className="auth-title">{t('thirdParty.redirecting')}</h1>
      <Spin />
    </div>
  );
}
