import type { FunctionName } from '@shared/jobs';
import { EXPORTS_PREFIX, keys, PENDING_UPLOADS_PREFIX } from '../../functions/data/keys';

type Level = 'none' | 'read' | 'readWrite';

/**
 * What each function may touch, and nothing more. A new service or job without an entry here is a type error,
 * and test/infra checks the synthesized policies against this map.
 */
/** What reading the table's stream takes (granted with the event source mapping; `stream: true` in GRANTS). */
export const STREAM_ACTIONS = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];

export const GRANTS: Record<FunctionName, { table: Level; files: Level; uploads?: true; exports?: true; stream?: true }> = {
  // An account's own image (its avatar) is uploaded, checked and published here; leaving the product destroys
  // the person's own projects (their files too).
  user: { table: 'readWrite', files: 'readWrite', uploads: true },
  // Clones copy a project's objects; uploads are presigned, checked and published here (`uploads: true`).
  project: { table: 'readWrite', files: 'readWrite', uploads: true },
  // Import and export jobs: an import's file is uploaded by a presigned PUT and checked here (`uploads: true`);
  // export download links are presigned here (`exports: true`: a presigned GET carries its signer's rights).
  jobs: { table: 'readWrite', files: 'readWrite', uploads: true, exports: true },
  // Bodies over DynamoDB's item size live in S3.
  document: { table: 'readWrite', files: 'readWrite' },
  // A team's own image (its logo) is uploaded, checked and published here; a disbanded team's projects and files
  // are destroyed by the purge job.
  team: { table: 'readWrite', files: 'readWrite', uploads: true },
  // Environments, variables and global parameters live in the project's partition; nothing in S3.
  environment: { table: 'readWrite', files: 'none' },
  // The interface-test proxy: reads sessions, counts sends per user (throttles); nothing in S3.
  proxy: { table: 'readWrite', files: 'none' },
  // A share's llms.txt and markdown: reads documents (large bodies, release snapshots in S3); writes only the
  // password-guess counters and share tokens.
  llms: { table: 'readWrite', files: 'read' },
  // Third-party sign-in: states, bind tickets, identities and sessions in the table; nothing in S3.
  oauth: { table: 'readWrite', files: 'none' },
  // Deletes a project's objects.
  purge: { table: 'readWrite', files: 'readWrite' },
  // Import jobs: reads the file from pending uploads, writes documents (large bodies in S3), deletes the file after.
  import: { table: 'readWrite', files: 'readWrite', uploads: true },
  // Export jobs: reads the project (large bodies, release snapshots, images) and writes the file under exports/.
  export: { table: 'readWrite', files: 'readWrite', exports: true },
  // Notification channels (issue 38): a project's and a team's channels and their delivery logs, and the test
  // message's send through the guarded fetch; nothing in S3.
  channels: { table: 'readWrite', files: 'none' },
  // Delivery of project events (issue 38): reads events, channels and the tree, writes deliveries and channel
  // health; nothing in S3. Its stream read is granted with its event source mapping.
  'deliver-events': { table: 'readWrite', files: 'none', stream: true },
  // Save storms' follow-ups (issue 38): reads windows' events, writes follow-up events; nothing in S3.
  'notify-follow-ups': { table: 'readWrite', files: 'none' },
  // The daily digest (issue 38): reads what waits for each person, mails it, clears it; nothing in S3.
  'notify-digest': { table: 'readWrite', files: 'none' },
  // Reads projects, documents and mock settings; large bodies (for generated mocks) live in S3.
  mock: { table: 'read', files: 'read' },
  // The open API (issue 26): tokens (lastUsedAt), import jobs and their presigned uploads, export download links,
  // and reads of large bodies.
  open: { table: 'readWrite', files: 'readWrite', uploads: true, exports: true },
  // The compatibility report: reads the live tree and release snapshots (S3); writes only what a project token's use
  // writes (its last use and its request counter).
  changes: { table: 'readWrite', files: 'read' },
  // Test scenarios and their runs: a run's step results over an item's size live in S3.
  scenario: { table: 'readWrite', files: 'readWrite' },
  // Server runs of test scenarios: reads the scenario, its documents and environment; writes the job, its places
  // and its run; the finished iterations' results wait in S3 until the run is kept (large runs stay there).
  'run-scenario': { table: 'readWrite', files: 'readWrite' },
  // Comments, watches and the bell (issue 38): the project's and each person's partition; nothing in S3.
  comments: { table: 'readWrite', files: 'none' },
};

/** Item-level actions only: no Scan, no table management. */
export const TABLE_ACTIONS: Record<Exclude<Level, 'none'>, string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

/** Where in the files bucket a function's object actions apply: project objects, and pending uploads if granted. */
export const filePrefixes = (grant: { uploads?: true; exports?: true }) => [
  `${keys.projectFilesPrefix('*')}*`,
  ...(grant.uploads ? [`${PENDING_UPLOADS_PREFIX}*`] : []),
  ...(grant.exports ? [`${EXPORTS_PREFIX}*`] : []),
];

export const FILE_OBJECT_ACTIONS: Record<Exclude<Level, 'none'>, string[]> = {
  read: ['s3:GetObject'],
  // Tagging: a project's files are withheld (tagged) while it is in the recycle bin.
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:PutObjectTagging'],
};
