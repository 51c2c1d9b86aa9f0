/** Assertions on the synthesized CloudFormation template: what the issue asks the stack to hold. */
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALSO_INVOKED_BY,
  JOB_NAMES,
  ORIGIN_NAMES,
  ORIGINS,
  STREAM_CONSUMER_NAMES,
  STREAM_CONSUMERS,
  WORKER_NAMES,
  WORKERS,
  workerFunctionEnv,
} from '@shared/jobs';
import { TABLE } from '../../functions/data/table';
import { CATCH_ALL_ROUTE_KEY, FALLBACK_SERVICE, routeEntries, routeKey, SERVICES } from '@shared/routes';
import { GRANTS, STREAM_ACTIONS, TABLE_ACTIONS } from '../../infra/stacks/grants';
import { API_THROTTLE } from '../../infra/stacks/api';
import { ApiloomStack } from '../../infra/stacks/apiloom-stack';
import { API_CACHE_KEY_HEADERS, FILE_PATH_TO_KEY, STRIP_API_PREFIX } from '../../infra/stacks/web';
import { EXPORTS_PREFIX, keys, PENDING_UPLOADS_PREFIX } from '../../functions/data/keys';
import { FILE_RESPONSE_HEADERS, FILES_PATH, fileUrl, WITHHELD_FILE_TAG } from '@shared/files';

const MESSAGING = {
  mailFrom: 'no-reply@mail.apiloom.example',
  smsOriginationIdentity: 'arn:aws:sms-voice:us-east-1:123456789012:pool/pool-0123456789abcdef',
};

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] };
let dir = '';
let template: Template;
let resources: Record<string, Resource>;
/** What cdk-nag's AwsSolutions rules found that infra/ does not acknowledge, one line each. */
let nagFindings: string[] = [];

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    conclusion: 'success' | 'failure';
    violations: { ruleName: string; description: string; severity: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The app's distribution (the mock origin has its own). */
const siteDistribution = () => ofType('AWS::CloudFront::Distribution').find(([id]) => id.startsWith('Site'))!;
const json = (value: unknown) => JSON.stringify(value);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'apiloom-infra-'));
  for (const name of [...SERVICES, ...JOB_NAMES, ...WORKER_NAMES, ...STREAM_CONSUMER_NAMES, ...ORIGIN_NAMES]) {
    mkdirSync(join(dir, 'functions', name), { recursive: true });
    writeFileSync(join(dir, 'functions', name, 'index.mjs'), `export const handler = async () => '${name}';\n`);
  }
  mkdirSync(join(dir, 'web'));
  writeFileSync(join(dir, 'web', 'index.html'), '<div id="root"></div>');
  const app = new App();
  // cdk-nag checks the app as it is synthesized, and a finding fails the synthesis (after the templates are written).
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new ApiloomStack(app, 'Test', {
    bundlesDir: join(dir, 'functions'),
    webDir: join(dir, 'web'),
    offline: false,
    messaging: MESSAGING,
  });
  // A bucket without access logs, in a stack of its own: proof that the rules ran on this synthesis.
  new s3.Bucket(new Stack(app, 'NagCanary'), 'Unlogged', { enforceSSL: true });
  try {
    app.synth();
  } catch (error) {
    if ((error as Error).name !== 'ValidationFailed') throw error;
  }
  const report = JSON.parse(readFileSync(join(app.outdir, 'validation-report.json'), 'utf8')) as ValidationReport;
  nagFindings = report.pluginReports
    .filter((r) => r.pluginName === 'AwsSolutions')
    .flatMap((r) => r.violations)
    .flatMap((v) => v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} on ${c.constructPath}: ${v.description}`));
  template = Template.fromJSON(JSON.parse(readFileSync(join(app.outdir, stack.templateFile), 'utf8')) as Record<string, unknown>);
  resources = template.toJSON().Resources as Record<string, Resource>;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const capitalised = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;
/** The logical id of the function whose code folder is `name`: a service's, a job's, or an origin's (`MockFunction…`). */
function functionId(name: string): string {
  const found = ofType('AWS::Lambda::Function').find(
    ([id]) =>
      id.startsWith(`Service${name}`) ||
      id.startsWith(`Job${name.replace(/-/g, '')}`) ||
      id.startsWith(`Worker${name.replace(/-/g, '')}`) ||
      id.startsWith(`${capitalised(name)}Function`),
  );
  if (!found) throw new Error(`no function for ${name}`);
  return found[0];
}

describe('cdk-nag', () => {
  it('passes the AwsSolutions rules: each finding is fixed, or acknowledged in infra/ with the reason it does not apply', () => {
    expect(nagFindings.filter((f) => f.includes(' on NagCanary/'))).toEqual([
      'error AwsSolutions-S1 on NagCanary/Unlogged/Resource: The S3 Bucket has server access logs disabled.',
    ]);
    const ours = nagFindings.filter((f) => !f.includes(' on NagCanary/'));
    expect(ours, `\n${ours.join('\n')}\n`).toEqual([]);
  });
});

describe('data', () => {
  it('has the single table with its keys, indexes, TTL, PITR and on-demand billing', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: TABLE.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
  });

  it('keeps every bucket private and encrypted; the files bucket allows presigned uploads', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(json(bucket.Properties.BucketEncryption)).toContain('AES256');
    }
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['PUT'], AllowedHeaders: ['content-type'] })] },
      LifecycleConfiguration: {
        Rules: [
          Match.objectLike({ Prefix: PENDING_UPLOADS_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }),
          Match.objectLike({ Prefix: EXPORTS_PREFIX, ExpirationInDays: 1, Status: 'Enabled' }),
        ],
      },
    });
  });

  it('lets CloudFront read published files only: never bodies or pending uploads', () => {
    const statements = ofType('AWS::S3::BucketPolicy')
      .filter(([, p]) => json(p.Properties.Bucket).includes('Files'))
      .flatMap(
        ([, p]) =>
          (p.Properties.PolicyDocument as { Statement: { Effect: string; Principal: unknown; Action: unknown; Resource: unknown }[] })
            .Statement,
      )
      .filter((s) => s.Effect === 'Allow');
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' });
    expect(json(statements[0]!.Resource)).toContain(`/${keys.fileObject('*', '*')}"`);
  });

  it('withholds the files of a project in the recycle bin: CloudFront may not read objects tagged as withheld', () => {
    const denials = ofType('AWS::S3::BucketPolicy')
      .filter(([, p]) => json(p.Properties.Bucket).includes('Files'))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement)
      .filter((s) => s.Effect === 'Deny' && json(s.Principal).includes('cloudfront.amazonaws.com'));
    expect(denials).toHaveLength(1);
    expect(denials[0]).toMatchObject({
      Action: 's3:GetObject',
      Condition: { StringEquals: { [`s3:ExistingObjectTag/${WITHHELD_FILE_TAG.Key}`]: WITHHELD_FILE_TAG.Value } },
    });
    expect(json(denials[0]!.Resource)).toContain(`/${keys.fileObject('*', '*')}"`);
    // The project function (bin and restore) may tag its projects' files.
    const projectPolicy = ofType('AWS::IAM::Policy').filter(
      ([id]) => id.startsWith('ServiceprojectFunction') || id.startsWith('Serviceproject'),
    );
    expect(json(projectPolicy.map(([, p]) => p.Properties.PolicyDocument))).toContain('s3:PutObjectTagging');
  });
});

describe('functions', () => {
  it("tells the document service the mock origin, one of the app's own origins that documents may not embed", () => {
    const mockDistribution = ofType('AWS::CloudFront::Distribution').find(([id]) => id.startsWith('Mock'))![0];
    const env = json(resources[functionId('document')]!.Properties.Environment);
    expect(env).toContain('"MOCK_ORIGIN"');
    expect(env).toContain(mockDistribution);
  });

  it('has one Node 22 arm64 function per service, per job, per worker and per origin, with the code of its own bundle', () => {
    const names = [...SERVICES, ...JOB_NAMES, ...WORKER_NAMES, ...STREAM_CONSUMER_NAMES, ...ORIGIN_NAMES];
    for (const name of names) {
      const fn = resources[functionId(name)]!;
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' });
      expect(json(fn.Properties.Environment)).toContain('TABLE_NAME');
    }
    // BucketDeployment and autoDeleteObjects add CDK's own helper functions beside ours.
    const ours = ofType('AWS::Lambda::Function').filter(
      ([id]) => /^(Service|Job|Worker)/.test(id) || ORIGIN_NAMES.some((o) => id.startsWith(`${capitalised(o)}Function`)),
    );
    expect(ours).toHaveLength(names.length);
  });

  it('deploys the proxy with the guard as it is: no configuration that admits an address, 30 s to wait for a target', () => {
    const fn = resources[functionId('proxy')]!;
    // Exactly the environment every function of ours gets: nothing the guard could read as "admit this".
    const variables = Object.keys((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables).sort();
    expect(variables).toEqual(['CODE_SENDER', 'FILES_BUCKET', 'NODE_OPTIONS', 'OFFLINE', 'STAGE', 'TABLE_NAME']);
    expect(fn.Properties.Timeout).toBe(30);
    // And the code it runs reads none: the guard and the proxy service take what they admit as a parameter only
    // (tests and the bench pass one; functions/services/proxy/index.ts passes none), never from the environment.
    const root = join(import.meta.dirname, '../..');
    const sources = ['functions/net', 'functions/services/proxy'].flatMap((dir) =>
      readdirSync(join(root, dir))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => join(root, dir, f)),
    );
    expect(sources.length).toBeGreaterThan(3);
    for (const file of sources) {
      const code = readFileSync(file, 'utf8');
      expect(/process\.env|\benv\(\)|from '\.\.\/\.\.\/env'|from '\.\.\/env'/.test(code), file).toBe(false);
    }
    expect(readFileSync(join(root, 'functions/services/proxy/index.ts'), 'utf8')).toMatch(/proxyHandlers\(\)\)/);
  });

  it('grants each function only the actions of the grant map, on its own resources', () => {
    for (const [name, grant] of Object.entries(GRANTS)) {
      const role = (resources[functionId(name)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
      const policies = ofType('AWS::IAM::Policy').filter(([, p]) => json(p.Properties.Roles).includes(role!));
      const statements = policies.flatMap(
        ([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement,
      );
      const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
      expect(actions.filter((a) => a.startsWith('dynamodb:')).sort(), name).toEqual(
        [...(grant.table === 'none' ? [] : TABLE_ACTIONS[grant.table]), ...('stream' in grant ? STREAM_ACTIONS : [])].sort(),
      );
      expect(
        actions.some((a) => a.startsWith('s3:')),
        name,
      ).toBe(grant.files !== 'none');
      // Object actions reach project objects, and pending uploads only for the function that handles them.
      const objectResources = json(statements.filter((st) => json(st.Action).includes('s3:GetObject')).map((st) => st.Resource));
      if (grant.files !== 'none') expect(objectResources, name).toContain('/projects/*/*"');
      expect(objectResources.includes(`/${PENDING_UPLOADS_PREFIX}*"`), name).toBe(Boolean(grant.uploads));
      expect(objectResources.includes(`/${EXPORTS_PREFIX}*"`), name).toBe(Boolean(grant.exports));
      expect(
        actions.filter((a) => a.endsWith(':*') || a === '*'),
        name,
      ).toEqual([]);
      expect(actions, name).not.toContain('dynamodb:Scan');
      // (dynamodb:ListStreams alone has no resource-level permissions: the stream reader's, on *.)
      for (const s of statements.filter((st) => json(st.Action) !== '"dynamodb:ListStreams"')) expect(s.Resource, name).not.toBe('*');
    }
  });

  it("lets the user and team functions publish their own images (an avatar, a team's logo): object actions on files and pending uploads", () => {
    for (const name of ['user', 'team']) {
      const role = (resources[functionId(name)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
      const statements = ofType('AWS::IAM::Policy')
        .filter(([, p]) => json(p.Properties.Roles).includes(role!))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement);
      const reaching = (action: string) => json(statements.filter((st) => json(st.Action).includes(action)).map((st) => st.Resource));
      for (const action of ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']) {
        expect(reaching(action), `${name} ${action}`).toContain('/projects/*/*"');
        expect(reaching(action), `${name} ${action}`).toContain(`/${PENDING_UPLOADS_PREFIX}*"`);
      }
    }
  });

  it('runs each worker only when its service invokes it: its memory and timeout, lambda:InvokeFunction for that service alone', () => {
    for (const name of WORKER_NAMES) {
      const worker = WORKERS[name];
      const id = functionId(name);
      expect(resources[id]!.Properties).toMatchObject({ MemorySize: worker.memoryMb, Timeout: worker.timeoutSeconds });
      const invokers = ofType('AWS::IAM::Policy').filter(([, p]) => json(p.Properties.PolicyDocument).includes('lambda:InvokeFunction'));
      const invokingRoles = invokers.flatMap(([, p]) => p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref);
      const roleOf = (s: string) => (resources[functionId(s)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
      // A worker that resumes itself (a run past the function's time limit) invokes itself too, and nothing else.
      const invokerRoles = [worker.invokedBy, ...ALSO_INVOKED_BY[name], ...('resumesItself' in worker ? [name] : [])].map(roleOf);
      // One service may invoke several workers (project: import and export): every role that invokes is that of a
      // worker's service, each statement invokes workers only, and some statement of the service invokes this one.
      const invokingServices = [
        ...new Set(
          WORKER_NAMES.flatMap((w) => [WORKERS[w].invokedBy, ...ALSO_INVOKED_BY[w], ...('resumesItself' in WORKERS[w] ? [w] : [])]),
        ),
      ];
      const serviceRoles = invokingServices.map(
        (s) => (resources[functionId(s)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0],
      );
      // EventBridge Scheduler's role invokes the run worker for scenario schedules (issue 36), nothing else.
      const schedulerRole = ofType('AWS::IAM::Role').find(([, r]) =>
        json(r.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
      )![0];
      expect([...new Set(invokingRoles)].sort()).toEqual([...serviceRoles, schedulerRole].sort());
      const workerIds = WORKER_NAMES.map(functionId);
      const invokes: string[] = [];
      for (const [, p] of invokers) {
        const statements = (p.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement.filter((st) =>
          json(st.Action).includes('lambda:'),
        );
        for (const st of statements) {
          expect(st.Action).toBe('lambda:InvokeFunction');
          expect(workerIds.filter((w) => json(st.Resource).includes(w))).toHaveLength(1);
          if (json(st.Resource).includes(id)) invokes.push(...(p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref));
        }
      }
      expect(invokes.sort()).toEqual([...invokerRoles, ...(name === 'run-scenario' ? [schedulerRole] : [])].sort());
      for (const s of [worker.invokedBy, ...ALSO_INVOKED_BY[name]])
        expect(json(resources[functionId(s)]!.Properties.Environment)).toContain(workerFunctionEnv(name));
      // Never scheduled.
      expect(json(ofType('AWS::Events::Rule'))).not.toContain(id);
    }
  });

  it('seals run secrets with a rotating KMS key: Encrypt for the environment service alone, Decrypt for the run worker alone', () => {
    const keysMade = ofType('AWS::KMS::Key');
    expect(keysMade).toHaveLength(1);
    const [keyId, key] = keysMade[0]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    const roleOf = (name: string) => (resources[functionId(name)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const kmsActionsOf = (role: string) =>
      ofType('AWS::IAM::Policy')
        .filter(([, p]) => json(p.Properties.Roles).includes(role))
        .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement)
        .filter((st) => json(st.Action).includes('kms:'))
        .map((st) => {
          expect(json(st.Resource)).toContain(keyId);
          return st.Action;
        });
    for (const name of Object.keys(GRANTS)) {
      const expected = name === 'environment' ? ['kms:Encrypt'] : name === 'run-scenario' ? ['kms:Decrypt'] : [];
      expect(kmsActionsOf(roleOf(name)!), name).toEqual(expected);
      const told = json(resources[functionId(name)]!.Properties.Environment).includes('RUN_SECRETS_KEY_ARN');
      expect(told, name).toBe(expected.length > 0);
    }
  });

  it('fires scenario schedules from EventBridge Scheduler: a group of its own, a role that invokes the run worker alone, passed by the scenario function alone', () => {
    const groups = ofType('AWS::Scheduler::ScheduleGroup');
    expect(groups).toHaveLength(1);
    const [roleId, role] = ofType('AWS::IAM::Role').find(([, r]) =>
      json(r.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    )!;
    expect(json(role.Properties.AssumeRolePolicyDocument)).toContain('aws:SourceAccount');
    const statementsOf = (roleRef: string) =>
      ofType('AWS::IAM::Policy')
        .filter(([, p]) => json(p.Properties.Roles).includes(roleRef))
        .flatMap(
          ([, p]) =>
            (p.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown; Condition?: unknown }[] })
              .Statement,
        );
    const roleOf = (name: string) => (resources[functionId(name)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    const own = statementsOf(roleId);
    expect(own.map((st) => st.Action)).toEqual(['lambda:InvokeFunction']);
    expect(json(own[0]!.Resource)).toContain(functionId('run-scenario'));
    for (const name of Object.keys(GRANTS)) {
      const statements = statementsOf(roleOf(name));
      const schedulerActions = statements
        .flatMap((st) => [st.Action].flat())
        .filter((a) => a.startsWith('scheduler:'))
        .sort();
      const passes = statements.filter((st) => json(st.Action).includes('iam:PassRole'));
      if (name === 'scenario') {
        expect(schedulerActions).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule']);
        expect(passes).toHaveLength(1);
        expect(json(passes[0]!.Resource)).toContain(roleId);
        expect(json(passes[0]!.Condition)).toContain('scheduler.amazonaws.com');
        const told = json(resources[functionId(name)]!.Properties.Environment);
        for (const v of ['SCHEDULE_GROUP', 'SCHEDULER_ROLE_ARN', 'WORKER_RUN_SCENARIO_ARN']) expect(told).toContain(v);
      } else if (name === 'run-scenario') {
        expect(schedulerActions).toEqual(['scheduler:DeleteSchedule']);
        expect(passes).toEqual([]);
      } else {
        expect(schedulerActions, name).toEqual([]);
        expect(passes, name).toEqual([]);
      }
      for (const st of statements.filter((x) => json(x.Action).includes('scheduler:'))) expect(json(st.Resource)).toContain('-scenarios/*');
    }
  });

  it("stays well inside CloudFormation's 500 resources a stack: one API invoke permission per function, not per route", () => {
    expect(Object.keys(resources).length).toBeLessThan(400);
    const apiPermissions = ofType('AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com');
    expect(apiPermissions.length).toBeLessThanOrEqual(SERVICES.length + 1);
  });

  it('runs the purge job daily from EventBridge', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(17 3 * * ? *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId('purge'), 'Arn'] } })],
    });
  });

  it('runs the notification digest daily from EventBridge', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(0 1 * * ? *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId('notify-digest'), 'Arn'] } })],
    });
  });

  it('runs the save storms’ follow-ups every minute from EventBridge', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(* * * * ? *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [functionId('notify-follow-ups'), 'Arn'] } })],
    });
  });
});

describe('api', () => {
  it('has one API route per route-table entry, integrated with its service', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => !json(r.Properties.ApiId).includes('Mock'));
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
    const serviceOfRoute = (r: Resource) => {
      const integrationId = json(r.Properties.Target).match(/"(\w*Integration\w*)"/)?.[1];
      const uri = json(integrations[integrationId!]?.Properties.IntegrationUri);
      return [...SERVICES].find((s) => uri.includes(functionId(s)));
    };
    const byKey = new Map(routes.map(([, r]) => [r.Properties.RouteKey as string, r]));
    expect(routes).toHaveLength(routeEntries.length + 1);
    for (const [id, route] of routeEntries) {
      const found = byKey.get(routeKey(route));
      expect(found, id).toBeDefined();
      expect(serviceOfRoute(found!), id).toBe(route.service);
    }
    expect(serviceOfRoute(byKey.get(CATCH_ALL_ROUTE_KEY)!)).toBe(FALLBACK_SERVICE);
  });

  it('lets the API invoke each service with one permission, not one per route (CloudFormation holds 500 resources)', () => {
    const fromApi = ofType('AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com');
    const invoked = fromApi.map(([, p]) => json(p.Properties.FunctionName));
    for (const service of SERVICES)
      expect(
        invoked.filter((f) => f.includes(functionId(service))),
        service,
      ).toHaveLength(1);
    expect(Object.keys(resources).length).toBeLessThan(450);
  });

  it('throttles the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: API_THROTTLE.rateLimit, ThrottlingBurstLimit: API_THROTTLE.burstLimit },
    });
  });
});

describe('cloudfront', () => {
  it('serves the web bucket through origin access control and sends /api/* to the API with the prefix stripped', () => {
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const [, dist] = siteDistribution();
    const config = dist.Properties.DistributionConfig as {
      DefaultRootObject: string;
      CacheBehaviors: { PathPattern: string; FunctionAssociations: { FunctionARN: unknown }[]; AllowedMethods: string[] }[];
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown; ViewerProtocolPolicy: string };
      Origins: { S3OriginConfig?: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: { OriginProtocolPolicy: string } }[];
    };
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.Origins.some((o) => o.OriginAccessControlId)).toBe(true);
    expect(config.Origins.some((o) => o.CustomOriginConfig?.OriginProtocolPolicy === 'https-only')).toBe(true);
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api?.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    const functions = Object.fromEntries(ofType('AWS::CloudFront::Function'));
    const strip = json(api?.FunctionAssociations)
      .match(/"(\w+)"/g)
      ?.map((s) => s.slice(1, -1))
      .find((id) => functions[id]);
    expect(json(functions[strip!]?.Properties.FunctionCode)).toContain('/api');
  });

  it('lets pages connect to their own origin, the files bucket at the host the SDK presigns for, and the mock origin', () => {
    const page = ofType('AWS::CloudFront::ResponseHeadersPolicy').find(([id]) => id.includes('SecurityHeaders'))!;
    const csp = json(
      (page[1].Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: { ContentSecurityPolicy: unknown } })
        .SecurityHeadersConfig.ContentSecurityPolicy,
    );
    const filesBucket = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('Files'))![0];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("form-action 'self'");
    const mockDistribution = ofType('AWS::CloudFront::Distribution').find(([id]) => id.startsWith('Mock'))![0];
    expect(csp).toContain(
      `connect-src 'self' https://",{"Ref":"${filesBucket}"},".s3.",{"Ref":"AWS::Region"},".",{"Ref":"AWS::URLSuffix"}," https://",{"Fn::GetAtt":["${mockDistribution}","DomainName"]}," https: http:;`,
    );
  });

  it('adds the security headers', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true, Preload: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'SAMEORIGIN', Override: true },
        }),
      },
    });
  });

  it('serves /files/* from the files bucket, mapped to published keys, with headers that keep files inert', () => {
    const [, dist] = siteDistribution();
    const behaviors = (
      dist.Properties.DistributionConfig as {
        CacheBehaviors: { PathPattern: string; FunctionAssociations: unknown; ResponseHeadersPolicyId: unknown }[];
      }
    ).CacheBehaviors;
    const files = behaviors.find((b) => b.PathPattern === `${FILES_PATH}/*`);
    expect(files).toBeDefined();
    const policyId = json(files!.ResponseHeadersPolicyId)
      .match(/"(\w+)"/g)
      ?.map((s) => s.slice(1, -1))
      .find((id) => resources[id]);
    const policy = resources[policyId!]!.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: unknown };
    expect(json(policy)).toContain(FILE_RESPONSE_HEADERS['content-security-policy']);
    expect(json(policy)).toContain('"ContentTypeOptions":{"Override":true}');

    const functions = Object.fromEntries(ofType('AWS::CloudFront::Function'));
    const fnId = json(files!.FunctionAssociations)
      .match(/"(\w+)"/g)
      ?.map((s) => s.slice(1, -1))
      .find((id) => functions[id]);
    expect(functions[fnId!]?.Properties.FunctionCode).toBe(FILE_PATH_TO_KEY);
    // Run the viewer-request function on its own, as CloudFront would.
    const handler = runInNewContext(`${FILE_PATH_TO_KEY}; handler`) as (e: { request: { uri: string } }) => { uri: string };
    const uri = (path: string) => handler({ request: { uri: path } }).uri;
    const projectId = '0b8f7c52-4c1e-4a57-9d8e-1d2a3b4c5d6e';
    const fileId = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(uri(fileUrl(projectId, fileId))).toBe(`/${keys.fileObject(projectId, fileId)}`);
    for (const other of [
      `${FILES_PATH}/${projectId}/documents`,
      `${FILES_PATH}/${projectId}/../documents/x`,
      `${FILES_PATH}/x`,
      `${FILES_PATH}/${projectId}/${fileId}/more`,
    ]) {
      expect(uri(other), other).toBe('/-/missing');
    }
  });

  it('strips /api and passes the viewer host on, so the functions can recognise their own origin', () => {
    const functions = ofType('AWS::CloudFront::Function').map(([, f]) => f.Properties.FunctionCode);
    expect(functions).toContain(STRIP_API_PREFIX);
    type Request = { uri: string; headers: Record<string, { value: string }> };
    const handler = runInNewContext(`${STRIP_API_PREFIX}; handler`) as (e: { request: Request }) => Request;
    const out = handler({ request: { uri: '/api/project/folder', headers: { host: { value: 'docs.example.com' } } } });
    expect(out.uri).toBe('/project/folder');
    expect(out.headers['x-forwarded-host']).toEqual({ value: 'docs.example.com' });
  });

  it('caches API answers only when they say so, keyed by the session, share token, release and language', () => {
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 0,
        MinTTL: 0,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'whitelist', Headers: Match.arrayWith(API_CACHE_KEY_HEADERS) },
          CookiesConfig: { CookieBehavior: 'whitelist', Cookies: ['__Host-apiloom-token', 'apiloom-token'] },
        }),
      }),
    });
    expect(API_CACHE_KEY_HEADERS).toEqual(expect.arrayContaining(['token', 'share-token', 'x-project-version']));
  });
});

describe('mock origin', () => {
  it('has its own distribution in front of its own throttled HTTP API, without caching or cookies', () => {
    const [mockDistId, mockDist] = ofType('AWS::CloudFront::Distribution').find(([id]) => id.startsWith('Mock'))!;
    const config = mockDist.Properties.DistributionConfig as {
      DefaultCacheBehavior: { AllowedMethods: string[]; CachePolicyId: string; OriginRequestPolicyId: unknown };
    };
    expect(config.DefaultCacheBehavior.AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    );
    // CloudFront's managed CachingDisabled policy.
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    const requestPolicyId = json(config.DefaultCacheBehavior.OriginRequestPolicyId)
      .match(/"(\w+)"/g)!
      .map((s) => s.slice(1, -1))
      .find((id) => resources[id])!;
    expect(json(resources[requestPolicyId]!.Properties)).toContain('"CookieBehavior":"none"');

    const stages = ofType('AWS::ApiGatewayV2::Stage').map(([, r]) => r.Properties.DefaultRouteSettings);
    expect(stages).toContainEqual({ ThrottlingRateLimit: ORIGINS.mock.rateLimit, ThrottlingBurstLimit: ORIGINS.mock.burstLimit });
    const mockRoute = ofType('AWS::ApiGatewayV2::Route').find(
      ([, r]) => r.Properties.RouteKey === 'ANY /{proxy+}' && json(r.Properties.ApiId).includes('Mock'),
    );
    expect(mockRoute).toBeDefined();
    expect(json(resources[functionId('mock')]!.Properties.Environment)).toContain('MOCK_RATE');
    // One instance serves one request at a time: reserved concurrency bounds what all mocks together hold.
    expect(resources[functionId('mock')]!.Properties.ReservedConcurrentExecutions).toBe(ORIGINS.mock.reservedConcurrency);
    // The web app learns the mock origin's address from its config.
    const deployment = ofType('Custom::CDKBucketDeployment')[0]![1];
    expect(json(deployment.Properties)).toContain(mockDistId);
    // The downloads the web app's output holds (the CLI, the plug-in) are fetched again after each deployment.
    expect(deployment.Properties.DistributionPaths).toEqual(
      expect.arrayContaining(['/cli/apiloom.mjs', '/downloads/apiloom-extension.zip']),
    );
  });
});

describe('mail, text messages and the third-party secret (issue 25)', () => {
  type Statement = { Action: string | string[]; Resource: unknown; Effect: string };
  const roleOf = (name: string) => (resources[functionId(name)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
  const statementsOf = (name: string) =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => json(p.Properties.Roles).includes(roleOf(name)))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
  const variables = (name: string) =>
    (resources[functionId(name)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  const everyFunction = [...SERVICES, ...JOB_NAMES, ...WORKER_NAMES, ...STREAM_CONSUMER_NAMES, ...ORIGIN_NAMES];
  /** The functions that send mail: codes (user), email channels and instant mail (deliver-events), digests. */
  const MAILERS: string[] = ['user', 'deliver-events', 'notify-digest'];

  it("has an SES identity for the sender's domain; only the user and delivery functions may send mail, from that identity only", () => {
    const identities = ofType('AWS::SES::EmailIdentity');
    expect(identities).toHaveLength(1);
    const [identityId, identity] = identities[0]!;
    expect(identity.Properties.EmailIdentity).toBe('mail.apiloom.example');
    for (const mailer of MAILERS) {
      const sends = statementsOf(mailer).filter((s) => actionsOf(s).some((a) => a.startsWith('ses:')));
      expect(sends).toHaveLength(1);
      expect(sends[0]!.Action).toBe('ses:SendEmail');
      expect(sends[0]!.Resource).toEqual({
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':ses:',
            { Ref: 'AWS::Region' },
            ':',
            { Ref: 'AWS::AccountId' },
            ':identity/',
            { Ref: identityId },
          ],
        ],
      });
    }
    for (const name of everyFunction.filter((n) => !MAILERS.includes(n)))
      expect(
        statementsOf(name)
          .flatMap(actionsOf)
          .filter((a) => a.startsWith('ses:')),
        name,
      ).toEqual([]);
  });

  it('lets only the user function send text messages, from the configured origination identity only', () => {
    const texts = statementsOf('user').filter((s) => actionsOf(s).some((a) => a.startsWith('sms-voice:') || a.startsWith('sns:')));
    expect(texts).toEqual([{ Action: 'sms-voice:SendTextMessage', Effect: 'Allow', Resource: MESSAGING.smsOriginationIdentity }]);
    for (const name of everyFunction.filter((n) => n !== 'user'))
      expect(
        statementsOf(name)
          .flatMap(actionsOf)
          .filter((a) => a.startsWith('sms-voice:') || a.startsWith('sns:')),
        name,
      ).toEqual([]);
  });

  it('sends codes and notification mail with CODE_SENDER=aws from the user and delivery functions, which alone know the sender', () => {
    for (const mailer of MAILERS)
      expect(variables(mailer), mailer).toMatchObject({
        CODE_SENDER: 'aws',
        MAIL_FROM: MESSAGING.mailFrom,
        SMS_ORIGINATION_IDENTITY: MESSAGING.smsOriginationIdentity,
      });
    for (const name of everyFunction.filter((n) => !MAILERS.includes(n))) {
      expect(variables(name).CODE_SENDER, name).toBe('log');
      expect(Object.keys(variables(name)), name).not.toContain('MAIL_FROM');
      expect(Object.keys(variables(name)), name).not.toContain('SMS_ORIGINATION_IDENTITY');
    }
  });

  it("creates the providers' secret holding {} and lets only the oauth function read it, which alone is told where it is", () => {
    const secrets = ofType('AWS::SecretsManager::Secret');
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0]!;
    expect(secret.Properties.SecretString).toBe('{}');
    const reads = statementsOf('oauth').filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
    expect(reads).toHaveLength(1);
    expect(actionsOf(reads[0]!).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect(reads[0]!.Resource).toEqual({ Ref: secretId });
    expect(variables('oauth').THIRD_PARTY_SECRET_ARN).toEqual({ Ref: secretId });
    template.hasOutput('ThirdPartySecretArn', { Value: { Ref: secretId } });
    for (const name of everyFunction.filter((n) => n !== 'oauth')) {
      expect(json(statementsOf(name)), name).not.toContain('secretsmanager:');
      expect(Object.keys(variables(name)), name).not.toContain('THIRD_PARTY_SECRET_ARN');
    }
  });
});

describe('delivery of project events (issue 38)', () => {
  const table = () => ofType('AWS::DynamoDB::Table')[0]!;
  const mapping = () => {
    const found = ofType('AWS::Lambda::EventSourceMapping');
    expect(found).toHaveLength(1);
    return found[0]![1].Properties;
  };
  type Statement = { Action: string | string[]; Resource: unknown };
  const statementsOf = (name: string) => {
    const role = (resources[functionId(name)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0]!;
    return ofType('AWS::IAM::Policy')
      .filter(([, p]) => json(p.Properties.Roles).includes(role))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
  };
  const actions = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

  it('streams the table with new images', () => {
    expect(table()[1].Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
  });

  it('feeds the delivery function from the stream: new event items only, retried, bisected, failures to a dead-letter queue', () => {
    const props = mapping();
    const consumer = STREAM_CONSUMERS['deliver-events'];
    expect(props).toMatchObject({
      FunctionName: { Ref: functionId('deliver-events') },
      EventSourceArn: { 'Fn::GetAtt': [table()[0], 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: consumer.batchSize,
      MaximumRetryAttempts: consumer.retryAttempts,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const [queueId] = ofType('AWS::SQS::Queue').find(([id]) => id.startsWith('DeliverEventsDeadLetters'))!;
    expect(json(props.DestinationConfig)).toContain(queueId);
    const patterns = (props.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) => JSON.parse(f.Pattern) as unknown);
    expect(patterns).toEqual([{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['event'] } } } }]);
  });

  it('grants the delivery function the stream read and the dead-letter send, and the table as its GRANTS entry says', () => {
    const statements = statementsOf('deliver-events');
    const stream = statements.find((s) => actions(s).includes('dynamodb:GetRecords'))!;
    expect(actions(stream)).toEqual(expect.arrayContaining(['dynamodb:DescribeStream', 'dynamodb:GetShardIterator']));
    expect(json(stream.Resource)).toContain('StreamArn');
    const [queueId] = ofType('AWS::SQS::Queue').find(([id]) => id.startsWith('DeliverEventsDeadLetters'))!;
    const send = statements.find((s) => actions(s).includes('sqs:SendMessage'))!;
    expect(json(send.Resource)).toContain(queueId);
    expect(GRANTS['deliver-events']).toEqual({ table: 'readWrite', files: 'none', stream: true });
    expect(statements.some((s) => actions(s).some((a) => a.startsWith('s3:')))).toBe(false);
    // No other function reads the stream or sends to the queue.
    for (const name of [...SERVICES, ...JOB_NAMES, ...WORKER_NAMES, ...ORIGIN_NAMES]) {
      expect(statementsOf(name).some((s) => actions(s).some((a) => a === 'dynamodb:GetRecords' || a === 'sqs:SendMessage'))).toBe(false);
    }
  });
});
