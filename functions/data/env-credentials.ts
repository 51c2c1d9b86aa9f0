/**
 * Stands in for the SDK's default credential chain in the Lambda bundles (scripts/build-functions.ts aliases
 * `@aws-sdk/credential-provider-node` to this module). In Lambda the credentials are the function's environment
 * variables, which the chain would find first anyway; the chain itself brings SSO, STS, INI, process and
 * instance-metadata clients into every bundle and its cold start. Locally the clients get explicit credentials.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = () => fromEnv();
