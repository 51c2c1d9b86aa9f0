import { Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { CATCH_ALL_PATH, FALLBACK_SERVICE, routeEntries, type HttpMethod, type ServiceName } from '@shared/routes';

const METHODS: Record<HttpMethod, apigw.HttpMethod> = {
  GET: apigw.HttpMethod.GET,
  POST: apigw.HttpMethod.POST,
  PUT: apigw.HttpMethod.PUT,
  DELETE: apigw.HttpMethod.DELETE,
};

/** Stage-wide limits; per-route limits can tighten these later. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 };

/**
 * A stage's access log, one JSON line per request, kept a month like the functions' logs: it shows what the
 * functions never see (a throttled call, a failed integration), and its request id is the one that tags the
 * function's log lines and the answer's x-request-id.
 */
export const accessLog = (scope: Construct) => ({
  destination: new apigw.LogGroupLogDestination(new logs.LogGroup(scope, 'AccessLog', { retention: logs.RetentionDays.ONE_MONTH })),
  format: AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      time: '$context.requestTime',
      ip: '$context.identity.sourceIp',
      routeKey: '$context.routeKey',
      path: '$context.path',
      status: '$context.status',
      bytes: '$context.responseLength',
      integrationMs: '$context.integrationLatency',
      error: '$context.error.message',
      integrationError: '$context.integrationErrorMessage',
    }),
  ),
});

/** The rule every HTTP API route of ours is reported under, and why it does not apply. */
export const ROUTES_AUTHORIZE_IN_CODE = {
  id: 'AwsSolutions-APIG4',
  reason:
    "Each route's function authorizes the call from the route table's grants (functions/runtime/access.ts): sessions, share tokens, public reads and sign-up are decided per route, which an API Gateway authorizer cannot express.",
};

/**
 * The HTTP API: one route per entry of the route table, each integrated with its service's function, plus a
 * catch-all that lets unknown paths answer with the catalogued "no such API" error instead of a bare 404.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;

  constructor(scope: Construct, id: string, functions: Record<ServiceName, lambda.IFunction>) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'Http', { createDefaultStage: false });
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: accessLog(this),
    });
    Validations.of(this).acknowledge(ROUTES_AUTHORIZE_IN_CODE);
    const integrations = new Map<ServiceName, HttpLambdaIntegration>();
    const integrationOf = (service: ServiceName) => {
      let integration = integrations.get(service);
      // One invoke permission per function for the whole API, not one per route: each route's own permission
      // cost a resource apiece, and with 200 routes the stack passed CloudFormation's 500 resources.
      if (!integration)
        integrations.set(
          service,
          (integration = new HttpLambdaIntegration(`${service}Integration`, functions[service], { scopePermissionToRoute: false })),
        );
      return integration;
    };
    for (const [id, route] of routeEntries) {
      new apigw.HttpRoute(this, `Route-${id}`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, METHODS[route.method]),
        integration: integrationOf(route.service),
      });
    }
    new apigw.HttpRoute(this, 'Route-catch-all', {
      httpApi: this.httpApi,
      routeKey: apigw.HttpRouteKey.with(CATCH_ALL_PATH, apigw.HttpMethod.ANY),
      integration: integrationOf(FALLBACK_SERVICE),
    });
  }
}
