/**
 * The channels service as the tests wire it: the same service the function deploys (functions/services/channels),
 * built with the local fake providers' one address admitted (127.0.0.1, where scripts/local/notify-fakes.ts
 * listens), as the local stack builds it. Every other loopback, private, link-local and metadata address stays
 * refused, so refusals are proved through it as through the deployed one.
 */
import { channelsService } from '../../functions/services/channels/index';

export const FAKES_ADDRESS = '127.0.0.1';

export const handler = channelsService({ admitForTests: new Set([FAKES_ADDRESS]) });
