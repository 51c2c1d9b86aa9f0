import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import * as lambdaEvents from 'aws-cdk-lib/aws-lambda-event-sources';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { ALSO_INVOKED_BY, JOB_NAMES, JOBS, STREAM_CONSUMERS, WORKER_NAMES, WORKERS, workerFunctionEnv } from '@shared/jobs';
import { SERVICES, type ServiceName } from '@shared/routes';
import { Api } from './api';
import { createFilesBucket, createTable } from './data';
import { ApiloomFunction } from './functions';
import { addMessaging, addNotificationMail, addThirdPartySecret, type MessagingProps } from './messaging';
import { MockOrigin } from './mock';
import { wildcardFinding } from './nag';
import { Site } from './web';

interface ApiloomStackProps extends StackProps {
  /** Where `npm run build:functions` wrote one folder per function. */
  bundlesDir: string;
  /** Where `npm run build:web` wrote the web app. */
  webDir: string;
  /** An offline deployment: no registration (and later no third-party login or email/phone change). */
  offline: boolean;
  /**
   * The site's origin for the files bucket's CORS (presigned uploads from the browser). It cannot be read off the
   * distribution, which depends on the API, whose functions depend on the bucket; without a custom domain any
   * origin may upload, which presigned URLs make safe: the signature, not the origin, authorises an upload.
   */
  siteOrigin?: string;
  /** Mail (SES) and text messages (End User Messaging SMS) for codes; without them codes go to the user function's log. */
  messaging?: MessagingProps;
}

/**
 * Services whose function may need more than the default 10 s: the proxy waits up to RUN_TIMEOUT_MS (28 s) for a
 * target, inside API Gateway's 30 s.
 */
export const SERVICE_TIMEOUTS: Partial<Record<ServiceName, Duration>> = { proxy: Duration.seconds(30) };

/** The whole of Apiloom in AWS: one table, two buckets, one function per service, the API, CloudFront, the jobs, the mock origin. */
export class ApiloomStack extends Stack {
  constructor(scope: Construct, id: string, props: ApiloomStackProps) {
    super(scope, id, props);
    const table = createTable(this);

    const files = createFilesBucket(this, props.siteOrigin ?? '*');
    const functionProps = { bundlesDir: props.bundlesDir, table, offline: props.offline };
    const services = Object.fromEntries(
      SERVICES.map((name) => [
        name,
        new ApiloomFunction(this, `Service-${name}`, { ...functionProps, files, name, timeout: SERVICE_TIMEOUTS[name] }).fn,
      ]),
    ) as Record<ServiceName, lambda.Function>;
    const api = new Api(this, 'Api', services);
    const mock = new MockOrigin(this, 'Mock', { ...functionProps, files });
    // Documents may not embed the app's own origins: the document service knows the mock origin's.
    services.document.addEnvironment('MOCK_ORIGIN', mock.url);
    const mailIdentity = props.messaging ? addMessaging(this, services.user, props.messaging) : undefined;
    // An offline deployment offers no third-party sign-in: no secret either.
    if (!props.offline) {
      const secret = addThirdPartySecret(this, services.oauth);
      new CfnOutput(this, 'ThirdPartySecretArn', { value: secret.secretArn });
    }
    const site = new Site(this, 'Site', { webDir: props.webDir, api: api.httpApi, files, offline: props.offline, mockBase: mock.url });

    for (const name of JOB_NAMES) {
      const job = JOBS[name];
      const fn = new ApiloomFunction(this, `Job-${name}`, {
        ...functionProps,
        files,
        name,
        timeout: Duration.seconds(job.timeoutSeconds),
        memorySize: job.memoryMb,
      }).fn;
      new events.Rule(this, `Schedule-${name}`, {
        schedule: events.Schedule.cron(job.cron),
        targets: [new targets.LambdaFunction(fn)],
      });
      // The digest is mail: it goes out through the code sender's SES identity.
      if (name === 'notify-digest' && mailIdentity && props.messaging) addNotificationMail(mailIdentity, fn, props.messaging);
    }

    // On-demand workers: invoked asynchronously by one service, which may invoke that function and nothing else.
    // The export worker's 2,048 MB (WORKERS.export.memoryMb) buys CPU, not room: Lambda gives one full vCPU at
    // 1,769 MB and a little more above it, and the PDF of the whole GitHub REST project is CPU-bound (about 30 s of
    // one core here, `PDF_BENCH_OPERATIONS=all npm run bench -- pdf`), while the job's peak stays near 0.7 GB, under
    // 1 GB. Less memory would mean a slower CPU share for the same job; more would buy little a single thread uses.
    const workers: Partial<Record<(typeof WORKER_NAMES)[number], lambda.Function>> = {};
    for (const name of WORKER_NAMES) {
      const worker = WORKERS[name];
      const fn = new ApiloomFunction(this, `Worker-${name}`, {
        ...functionProps,
        files,
        name,
        timeout: Duration.seconds(worker.timeoutSeconds),
        memorySize: worker.memoryMb,
      }).fn;
      for (const invoker of [services[worker.invokedBy], ...ALSO_INVOKED_BY[name].map((s) => services[s])]) {
        // The function itself, unqualified (its latest version): no `:*`, so no alias or version beyond it.
        invoker.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
        invoker.addEnvironment(workerFunctionEnv(name), fn.functionName);
      }
      workers[name] = fn;
      if ('resumesItself' in worker) {
        // A policy of its own, not the role's default one: the function depends on that, so a statement there
        // naming the function itself would be a cycle. The worker knows its own name from Lambda's environment.
        new iam.Policy(this, `Worker-${name}-InvokesItself`, {
          roles: [fn.role!],
          statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })],
        });
      }
    }

    // Run secrets of environments (issue 36): sealed by the environment service (Encrypt only: it never reads a
    // value back) and opened by the run worker alone (Decrypt), each under its project, environment and name as
    // the encryption context. The key rotates yearly; a deleted stack keeps it (sealed values outlive a redeploy).
    const runSecretsKey = new kms.Key(this, 'RunSecretsKey', {
      description: "Apiloom: environments' run secrets",
      enableKeyRotation: true,
    });
    runSecretsKey.grant(services.environment, 'kms:Encrypt');
    services.environment.addEnvironment('RUN_SECRETS_KEY_ARN', runSecretsKey.keyArn);
    runSecretsKey.grant(workers['run-scenario']!, 'kms:Decrypt');
    workers['run-scenario']!.addEnvironment('RUN_SECRETS_KEY_ARN', runSecretsKey.keyArn);

    // Scenario schedules (issue 36): one EventBridge schedule per scenario and environment, in a group of the
    // stack's own, made, replaced and deleted by the scenario function (and deleted by the run worker when it
    // disables one whose scenario or environment is gone). Each invokes the run worker with the schedule's fire
    // through a role that may invoke that worker and nothing else, which only the scenario function may pass.
    const runWorker = workers['run-scenario']!;
    const scheduleGroup = new scheduler.CfnScheduleGroup(this, 'ScenarioSchedules', { name: `${this.stackName}-scenarios` });
    const schedules = this.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${scheduleGroup.name}/*` });
    const schedulerRole = new iam.Role(this, 'ScenarioSchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    });
    schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [runWorker.functionArn] }));
    services.scenario.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: [schedules],
      }),
    );
    services.scenario.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    runWorker.addToRolePolicy(new iam.PolicyStatement({ actions: ['scheduler:DeleteSchedule'], resources: [schedules] }));
    for (const fn of [services.scenario, runWorker]) {
      fn.addEnvironment('SCHEDULE_GROUP', scheduleGroup.name!);
      Validations.of(fn.role!).acknowledge({
        id: wildcardFinding(this, schedules),
        reason:
          "A schedule is named by its scenario's schedule id, made at run time: the group's schedules are the narrowest that hold them.",
      });
    }
    services.scenario.addEnvironment('SCHEDULER_ROLE_ARN', schedulerRole.roleArn);
    services.scenario.addEnvironment('WORKER_RUN_SCENARIO_ARN', runWorker.functionArn);

    // Delivery of project events (issue 38): the table's stream, filtered to new event items, feeds the delivery
    // function; a batch that keeps failing past its retries goes (as a pointer to the stream records) to a
    // dead-letter queue, so no event is dropped unseen. Partial batch answers retry from the failed record on.
    const consumer = STREAM_CONSUMERS['deliver-events'];
    const deliver = new ApiloomFunction(this, 'Worker-deliver-events', {
      ...functionProps,
      files,
      name: 'deliver-events',
      timeout: Duration.seconds(consumer.timeoutSeconds),
      memorySize: consumer.memoryMb,
    }).fn;
    // Email channels and instant notification mail go out through the code sender's SES identity.
    if (mailIdentity && props.messaging) addNotificationMail(mailIdentity, deliver, props.messaging);
    const deadLetters = new sqs.Queue(this, 'DeliverEventsDeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    deliver.addEventSource(
      new lambdaEvents.DynamoEventSource(table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: consumer.batchSize,
        retryAttempts: consumer.retryAttempts,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new lambdaEvents.SqsDlq(deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT') as string[],
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual('event') as string[] } } },
          }),
        ],
      }),
    );
    Validations.of(deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is the dead-letter destination of the delivery mapping itself; a queue behind it would only hold what nobody reads.',
    });
    Validations.of(deliver.role!).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "dynamodb:ListStreams has no resource-level permissions (CDK grants it on *); every other stream action is on the table's stream only.",
    });
    new CfnOutput(this, 'DeliverEventsDeadLetterQueue', { value: deadLetters.queueUrl });

    new CfnOutput(this, 'SiteUrl', { value: `https://${site.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: api.httpApi.apiEndpoint });
    new CfnOutput(this, 'MockUrl', { value: mock.url });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'FilesBucket', { value: files.bucketName });
  }
}
