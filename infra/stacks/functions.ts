import { Duration, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { join } from 'node:path';
import type { FunctionName } from '@shared/jobs';
import { TABLE } from '../../functions/data/table';
import { FILE_OBJECT_ACTIONS, filePrefixes, GRANTS, TABLE_ACTIONS } from './grants';
import { wildcardFinding } from './nag';

interface ApiloomFunctionProps {
  name: FunctionName;
  bundlesDir: string;
  table: dynamodb.ITable;
  files: s3.IBucket;
  offline: boolean;
  timeout?: Duration;
  memorySize?: number;
  /** Instances at once, reserved from the account's concurrency; unset: no reservation. */
  reservedConcurrency?: number;
}

/**
 * One Lambda of ours with the shared defaults: the esbuild bundle of `npm run build:functions`, Node 22 on
 * arm64, its own log group, the environment the code parses at cold start, and exactly the grants of GRANTS.
 * Its role is its own, with no managed policy: it may write its own log group and nothing else besides GRANTS.
 */
export class ApiloomFunction extends Construct {
  readonly fn: lambda.Function;

  constructor(scope: Construct, id: string, props: ApiloomFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    const role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    this.fn = new lambda.Function(this, 'Function', {
      role,
      code: lambda.Code.fromAsset(join(props.bundlesDir, props.name)),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrency,
      logGroup,
      environment: {
        TABLE_NAME: props.table.tableName,
        FILES_BUCKET: props.files.bucketName,
        STAGE: 'aws',
        OFFLINE: String(props.offline),
        CODE_SENDER: 'log',
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'Node 22 is the runtime the bundles are built and tested for (esbuild targets node22); a newer one is a change of its own.',
    });
    const grant = GRANTS[props.name];
    if (grant.table !== 'none') {
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: TABLE_ACTIONS[grant.table],
          resources: [props.table.tableArn, ...TABLE.indexes.map((index) => `${props.table.tableArn}/index/${index.name}`)],
        }),
      );
    }
    if (grant.files !== 'none') {
      const objects = filePrefixes(grant).map((prefix) => props.files.arnForObjects(prefix));
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: FILE_OBJECT_ACTIONS[grant.files], resources: objects }));
      for (const arn of objects) {
        Validations.of(role).acknowledge({
          id: wildcardFinding(this, arn),
          reason:
            'Object keys are made per project and per file: object actions reach the prefixes GRANTS names, the narrowest that holds them.',
        });
      }
      // Unconditional on purpose: without ListBucket S3 answers a read of a missing key with 403, not 404, and
      // the code tells "not uploaded (yet)" from "not allowed" by that answer. The keys hold no content.
      this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.files.bucketArn] }));
    }
  }
}
