/**
 * How every browser of ours starts: Debian's Chromium (`CHROMIUM_PATH` to use another), headless, without the
 * background work (updates, sync, networking) that would run beside a page. The e2e config
 * (test/e2e/playwright.config.ts), the benches and `npm run screenshots` all launch it so.
 */
import { chromium, type Browser, type LaunchOptions } from '@playwright/test';

export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export const launchChromium = (): Promise<Browser> => chromium.launch(CHROMIUM_LAUNCH);
