import { Duration, Fn, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { MOCK_THROTTLE } from '@shared/constants';
import { ORIGINS } from '@shared/jobs';
import { accessLog } from './api';
import { ApiloomFunction } from './functions';
import { DEFAULT_CERTIFICATE } from './nag';

interface MockOriginProps {
  bundlesDir: string;
  table: dynamodb.ITable;
  files: s3.IBucket;
  offline: boolean;
}

/**
 * The mock server on its own domain, never the app's: its own CloudFront distribution (no caching: mocks may be
 * random or scripted), its own HTTP API throttled apart from the app's, and its own function, which may only read.
 * A page of the mock domain can therefore never carry the app's cookies, and a flood of mock calls never takes the
 * app's API capacity.
 */
export class MockOrigin extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly url: string;

  constructor(scope: Construct, id: string, props: MockOriginProps) {
    super(scope, id);
    const settings = ORIGINS.mock;
    const fn = new ApiloomFunction(this, 'Function', {
      ...props,
      name: 'mock',
      timeout: Duration.seconds(settings.timeoutSeconds),
      memorySize: settings.memoryMb,
      // The matching limit in AWS of the sandbox's fair shares (see ORIGINS.mock): caps the mock function's instances
      // across all projects. A cap per project across instances would need shared state (not built).
      reservedConcurrency: settings.reservedConcurrency,
    }).fn;
    fn.addEnvironment('MOCK_RATE', String(MOCK_THROTTLE.perSecond));
    fn.addEnvironment('MOCK_BURST', String(MOCK_THROTTLE.burst));

    const api = new apigw.HttpApi(this, 'Http', { createDefaultStage: false });
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: settings.rateLimit, burstLimit: settings.burstLimit },
      accessLogSettings: accessLog(this),
    });
    Validations.of(api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        "The mock origin is public by design: a project's mocks answer anyone, or anyone with the project's mock token when the project sets one (the mock function checks it).",
    });
    const integration = new HttpLambdaIntegration('MockIntegration', fn);
    api.addRoutes({ path: '/{proxy+}', methods: [apigw.HttpMethod.ANY], integration });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Apiloom mock origin',
      defaultBehavior: {
        origin: new origins.HttpOrigin(Fn.select(2, Fn.split('/', api.apiEndpoint)), {
          protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        // Everything the mock may match on, except cookies, which the mock origin never reads.
        originRequestPolicy: new cloudfront.OriginRequestPolicy(this, 'Forward', {
          headerBehavior: cloudfront.OriginRequestHeaderBehavior.denyList('host'),
          queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
          cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
        }),
      },
    });
    Validations.of(this.distribution).acknowledge(
      DEFAULT_CERTIFICATE,
      { id: 'AwsSolutions-CFR1', reason: 'Mocks serve developers anywhere: no country is refused.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'Abuse is bounded by the mock API stage throttle and the per-project token bucket (MOCK_THROTTLE); a web ACL is left to a deployment.',
      },
      {
        id: 'AwsSolutions-CFR3',
        reason: "Nothing is cached or served here but the mock API's answers, and its stage keeps an access log of every call.",
      },
    );
    this.url = `https://${this.distribution.distributionDomainName}`;
  }
}
