import type { pluginZh } from './plugin.zh';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** English texts of the plug-in: the same keys as plugin.zh.ts, checked by the type. */
export const pluginEn: Texts<typeof pluginZh> = {
  title: 'Browser plug-in',
  intro:
    'The plug-in sends interface tests straight from your browser: to your own machine, your intranet, and APIs without CORS. It takes requests from this site’s pages only, and you allow each target address the first time a request goes there.',
  checking: 'Checking for the plug-in…',
  installed: 'The plug-in is installed (version {{version}})',
  notInstalled: 'The plug-in is not installed',
  granted: 'Addresses it may reach',
  noneGranted: 'No address allowed yet: the first time a request goes to an address, the plug-in opens a window asking you to allow it.',
  install: 'How to install it',
  download: 'Download the plug-in',
  steps: {
    download:
      'Download the plug-in package (a zip file) with the button above and unzip it into a folder you keep: the plug-in runs from that folder, so do not delete it.',
    open: 'In Chrome or Edge open chrome://extensions and switch on “Developer mode” (top right).',
    load: 'Click “Load unpacked” and choose the folder you unzipped.',
    reload: 'Reload this page once it is installed.',
  },

  recheck: 'Check again',
  tryTitle: 'Try it',
  url: 'Address',
  send: 'Send via the plug-in',
  result: '{{status}} {{statusText}} · {{size}} bytes · {{ms}} ms',
  truncated: 'The response is over 5 MB: only the first 5 MB were kept',
  errors: {
    notInstalled: 'The plug-in is not installed: install it (see the browser plug-in page) or send through the proxy',
    notGranted: 'Allow {{origin}} in the window the plug-in opened, then send again',
    timeout: 'The target did not answer within 28 seconds',
    unreachable: 'The plug-in could not reach the target ({{detail}})',
    invalid: 'The plug-in cannot send this request (invalid address or header)',
    failed: 'The plug-in failed ({{detail}})',
  },
};
