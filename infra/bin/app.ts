/**
 * The CDK app. Nothing is deployed from this repository's scripts; `npm run synth` turns the built bundles and
 * web app into a CloudFormation template. Context: `bundlesDir`, `webDir`, `offline`, `siteOrigin`.
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
});
