/**
 * The CDK app. Nothing is deployed from this repository's scripts; `npm run synth` turns the built bundles and
 * web app into a CloudFormation template. Context: `bundlesDir`, `webDir`, `offline`, `siteOrigin`, and for
 * mail and text messages `mailFrom`, `smsOriginationIdentity` (an ARN) and optionally `mailIdentity` (README, "Deploying").
 */
import { App } from 'aws-cdk-lib';
import { resolve } from 'node:path';
import { ApiloomStack } from '../stacks/apiloom-stack';

const app = new App();
const context = (key: string) => app.node.tryGetContext(key) as string | undefined;
new ApiloomStack(app, 'Apiloom', {
  description: 'Apiloom: API documentation and collaboration',
  bundlesDir: resolve(context('bundlesDir') ?? 'dist/functions'),
  webDir: resolve(context('webDir') ?? 'dist/web'),
  offline: (context('offline') ?? process.env.APILOOM_OFFLINE) === 'true',
  siteOrigin: context('siteOrigin'),
  ...messaging(),
});

function messaging() {
  const mailFrom = context('mailFrom');
  const smsOriginationIdentity = context('smsOriginationIdentity');
  if (!mailFrom && !smsOriginationIdentity) return {};
  if (!mailFrom || !smsOriginationIdentity) throw new Error('Mail and text messages need both mailFrom and smsOriginationIdentity');
  const mailIdentity = context('mailIdentity');
  return { messaging: { mailFrom, smsOriginationIdentity, ...(mailIdentity ? { mailIdentity } : {}) } };
}
