import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
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
    });
    const integrations = new Map<ServiceName, HttpLambdaIntegration>();
    const integrationOf = (service: ServiceName) => {
      let integration = integrations.get(service);
      if (!integration) integrations.set(service, (integration = new HttpLambdaIntegration(`${service}Integration`, functions[service])));
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
