/** The user service: registration, verification codes, sign-in and sign-out, the account itself. */
import { accountRoutes } from '@shared/routes/account';
import { createService } from '../../runtime/service';
import { addressHandlers } from './addresses';
import { avatarHandlers } from './avatar';
import { codeHandlers } from './codes';
import { profileHandlers } from './profile';
import { quitHandlers } from './quit';
import { recoveryHandlers } from './recovery';
import { registrationHandlers } from './registration';
import { signInHandlers } from './sign-in';
import { identityHandlers } from './third-party/handlers';

export const handler = createService('user', accountRoutes, {
  ...registrationHandlers,
  ...signInHandlers,
  ...profileHandlers,
  ...recoveryHandlers,
  ...addressHandlers,
  ...codeHandlers,
  ...identityHandlers,
  ...quitHandlers,
  ...avatarHandlers,
});
