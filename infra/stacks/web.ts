import { Annotations, Aws, Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_CACHE_KEY_HEADERS, DOWNLOADS, TOKEN_COOKIE, TOKEN_COOKIE_HTTPS } from '@shared/constants';
import { configScript, contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from '@shared/deployment';
import { FILE_RESPONSE_HEADERS, FILES_PATH, WITHHELD_FILE_TAG } from '@shared/files';
import { keys } from '../../functions/data/keys';
import { DEFAULT_CERTIFICATE, wildcardFinding } from './nag';

interface SiteProps {
  webDir: string;
  api: apigw.HttpApi;
  /** Uploaded files are served from here under /files/ (only their published prefix). */
  files: s3.IBucket;
  offline: boolean;
  /** The mock origin's URL: the web app calls it (mock previews) and links to it. */
  mockBase: string;
}

export { API_CACHE_KEY_HEADERS };

/**
 * API Gateway sees exactly the route table's paths: CloudFront drops the /api prefix on the way. The viewer's
 * host goes on as `x-forwarded-host` (the origin request policy replaces Host with the API's), so the functions
 * can tell a request from our own pages from one made by another site (functions/runtime/request-origin.ts).
 */
export const STRIP_API_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/api(?=\\/|$)/, '') || '/';
  request.headers['x-forwarded-host'] = { value: request.headers.host ? request.headers.host.value : '' };
  return request;
}`;

/**
 * `/files/<projectId>/<fileId>` is the object `projects/<projectId>/files/<fileId>` (keys.fileObject); any other
 * shape goes to a key that cannot exist, so nothing outside published files is reachable.
 */
export const FILE_PATH_TO_KEY = `function handler(event) {
  var request = event.request;
  var m = /^\\${FILES_PATH}\\/([A-Za-z0-9_-]{1,64})\\/([A-Za-z0-9_-]{22})$/.exec(request.uri);
  request.uri = m ? '/projects/' + m[1] + '/files/' + m[2] : '/-/missing';
  return request;
}`;

/** Deep links of the single-page app get index.html; files (anything with an extension) are served as they are. */
const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  if (!/\\.[A-Za-z0-9]+$/.test(request.uri)) request.uri = '/index.html';
  return request;
}`;

/**
 * CloudFront in front of everything: the web build from a private bucket (origin access control), `/api/*` to the
 * HTTP API and `/files/*` to published uploads, on one origin as the local gateway serves them, with the same
 * security headers.
 */
export class Site extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const bucket = new s3.Bucket(this, 'WebBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'It holds the public web build only, read through CloudFront alone (origin access control) and written only by the deployment.',
    });
    // Exactly the host the SDK presigns uploads for (virtual-hosted, regional; also in us-east-1 and China).
    const uploadOrigin = `https://${props.files.bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(uploadOrigin, props.mockBase), override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.SAMEORIGIN, override: true },
      },
    });
    const fn = (name: string, code: string) =>
      new cloudfront.Function(this, name, { code: cloudfront.FunctionCode.fromInline(code), runtime: cloudfront.FunctionRuntime.JS_2_0 });
    const apiDomain = Fn.select(2, Fn.split('/', props.api.apiEndpoint));

    // Files: a file never runs as a page (sandbox CSP, nosniff, the stored disposition), whatever it contains.
    const fileHeaders = new cloudfront.ResponseHeadersPolicy(this, 'FileHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: FILE_RESPONSE_HEADERS['content-security-policy'], override: true },
        contentTypeOptions: { override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Cross-Origin-Resource-Policy', value: FILE_RESPONSE_HEADERS['cross-origin-resource-policy'], override: true },
          { header: 'Cache-Control', value: FILE_RESPONSE_HEADERS['cache-control'], override: true },
        ],
      },
    });
    // The origin is a reference to the bucket so CDK does not grant the whole bucket; the policy below grants
    // the published files prefix only (bodies and pending uploads stay private).
    const filesOrigin = origins.S3BucketOrigin.withOriginAccessControl(
      s3.Bucket.fromBucketAttributes(this, 'FilesRef', {
        bucketName: props.files.bucketName,
        bucketRegionalDomainName: props.files.bucketRegionalDomainName,
      }),
    );
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The files bucket policy is written below, limited to published files.',
    );

    // API answers are cached only when they say so (share and release reads: `public, max-age=…`, never past a
    // share's expiry); the key holds everything that decides who is reading what, so one reader's answer is never
    // another's. Everything else says `no-store`.
    const apiCache = new cloudfront.CachePolicy(this, 'ApiCache', {
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList(...API_CACHE_KEY_HEADERS),
      // The session cookie under its HTTPS name (`__Host-`), and the plain one a browser may still hold.
      cookieBehavior: cloudfront.CacheCookieBehavior.allowList(TOKEN_COOKIE_HTTPS, TOKEN_COOKIE),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: fn('SpaFallback', SPA_FALLBACK), eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        [`${FILES_PATH}/*`]: {
          origin: filesOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: fileHeaders,
          functionAssociations: [
            { function: fn('FilePathToKey', FILE_PATH_TO_KEY), eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCache,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          functionAssociations: [
            { function: fn('StripApiPrefix', STRIP_API_PREFIX), eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });

    Validations.of(this.distribution).acknowledge(
      DEFAULT_CERTIFICATE,
      { id: 'AwsSolutions-CFR1', reason: 'An online service for teams anywhere: no country is refused.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          "Abuse is bounded by the API stage's throttle (API_THROTTLE) and the app's own per-account and per-address limits; a web ACL is left to a deployment.",
      },
      {
        id: 'AwsSolutions-CFR3',
        reason:
          "Every API call is in the API stage's access log and its function's log; the rest is the public web build and published files.",
      },
    );

    props.files.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [props.files.arnForObjects(keys.fileObject('*', '*'))],
        conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
      }),
    );
    // A project in the recycle bin has its files tagged (functions/domain/files.ts): CloudFront may not read
    // them until the project is restored and the tag is gone.
    props.files.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [props.files.arnForObjects(keys.fileObject('*', '*'))],
        conditions: { StringEquals: { [`s3:ExistingObjectTag/${WITHHELD_FILE_TAG.Key}`]: WITHHELD_FILE_TAG.Value } },
      }),
    );

    const deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
      destinationBucket: bucket,
      sources: [
        s3deploy.Source.asset(props.webDir),
        s3deploy.Source.data(
          'config.js',
          configScript({ environment: 'production', apiBase: '/api', offline: props.offline, mockBase: props.mockBase }),
        ),
      ],
      distribution: this.distribution,
      // The downloads (the CLI, the plug-in's package: scripts/build-downloads.ts, in webDir) keep their names from
      // one deployment to the next, like index.html: the edge must fetch them again.
      distributionPaths: ['/index.html', '/config.js', ...Object.values(DOWNLOADS)],
    });
    const helper = deployment.handlerRole.node.scope!;
    const reason = "CDK's BucketDeployment helper, which runs only while CloudFormation deploys: its role, grants and runtime are CDK's.";
    for (const id of [
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      'AwsSolutions-IAM5[Resource::*]',
      'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
      wildcardFinding(this, bucket.arnForObjects('*')),
      'AwsSolutions-L1',
    ]) {
      Validations.of(helper).acknowledge({ id, reason });
    }
  }
}
