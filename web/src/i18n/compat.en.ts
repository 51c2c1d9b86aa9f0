import { REPORT_WORDS } from '@shared/compat/words';
import type { compatZh } from './compat.zh';

/** The compatibility report page and the policy settings (issue 35); the report's own words are shared. */
export const compatEn: typeof compatZh = {
  ...REPORT_WORDS.en,
  from: 'From',
  to: 'To',
  live: 'Live',
  breakingOnly: 'Breaking only',
  showChanges: 'Show other changes ({{count}})',
  exportAs: 'Export',
  before: 'The document at the older version',
  after: 'The document at the newer version',
  noFolder: 'Top level',
  noReleases: 'No release yet: publish one to compare it with the live project.',
  pick: 'Choose the two versions to compare.',
  accept: 'Accept',
  acceptTitle: 'Accept this finding',
  acceptText: 'An accepted finding stays in the report, but counts in no verdict and fails no apiloom push --fail-on.',
  acceptedBy: 'Accepted by {{name}}: {{reason}}',
  unaccept: 'Take back',
  policy: {
    text: "A project may change a check's severity or turn it off, and accept a single finding with a reason. The compatibility report, the version the publish dialog offers and apiloom push --fail-on all follow it.",
    readOnly: 'Only editors can change the compatibility policy.',
    search: 'Search checks',
    default: 'Default ({{severity}})',
    noSeverity: 'no severity',
    off: 'Off',
    changed: 'changed',
    save: 'Save severities',
    acceptedTitle: 'Accepted findings',
    noAccepted: 'No finding accepted yet. Accept one from the compatibility report.',
    historyTitle: 'Policy changes',
    noHistory: 'No changes yet.',
    entry: {
      severity: '{{name}} set {{check}} to {{severity}}',
      accept: '{{name}} accepted {{check}} ({{field}}): {{reason}}',
      unaccept: '{{name}} took back the acceptance of {{check}} ({{field}})',
    },
  },
};
