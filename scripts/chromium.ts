/**
 * How every browser of ours starts: Debian's Chromium (`CHROMIUM_PATH` to use another), headless, without the
 * background work (updates, sync, networking) that would run beside a page. The benches and `npm run screenshots`
 * launch it so; the e2e config (test/e2e/playwright.config.ts) the same way in the headless shell below.
 */
import { existsSync } from 'node:fs';
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

/** Debian's package of Chromium's headless shell (chromium-headless-shell): the same Blink and V8, no browser UI. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The e2e suite's pages run in the headless shell, the build Playwright itself runs headless: a page load there
 * costs a third less CPU than in the full browser's headless mode, which runs the whole browser UI out of sight (1.7
 * against 2.7 CPU seconds for a new context loading the sign-in page and two workspace pages; 94 against 148 for the
 * browsers of 47 e2e tests). Without the package (or with `CHROMIUM_PATH` set) it is the full browser as above; the
 * plug-in test loads an extension, which only the full browser does, and launches that itself.
 */
export const CHROMIUM_TEST_LAUNCH: LaunchOptions = {
  ...CHROMIUM_LAUNCH,
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
};

export const launchChromium = (): Promise<Browser> => chromium.launch(CHROMIUM_LAUNCH);
